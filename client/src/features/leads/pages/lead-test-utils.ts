// Shared by the lead pages' component tests: what was downloaded, the lead form, the stored visitor record.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { VISITOR_RECORD_KEY } from '../../../lib/visitor-record';

/** Each test starts with no visitor record and leaves no stub behind. */
export function resetAroundEachTest() {
  beforeEach(() => window.localStorage.clear());
  afterEach(async () => {
    // The page-view beacon leaves after the effects: let it reach the stub before the stub goes.
    await new Promise((resolve) => setTimeout(resolve, 0));
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** Every download started (a click on an <a download>), instead of jsdom's unimplemented navigation. */
export function captureDownloads() {
  const started: { href: string; filename: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    started.push({ href: this.getAttribute('href') ?? '', filename: this.download });
  });
  return started;
}

export const leadAccepted = () =>
  Response.json({ success: true, status: 'success', message: '¡Listo! Ya puedes descargar tu archivo.', data: { firstForSource: true } });

/** The page-view beacon every lead page sends. */
export { VIEW_ROUTE } from '../../../testing/fake-api';

export const storedRecord = () => JSON.parse(window.localStorage.getItem(VISITOR_RECORD_KEY) ?? 'null') as Record<string, unknown> | null;

export function storeRecord(record: Record<string, unknown>) {
  window.localStorage.setItem(VISITOR_RECORD_KEY, JSON.stringify({ statuses: [], ...record }));
}

export function fillLead(form: HTMLElement, { nick, email }: { nick: string; email: string }) {
  fireEvent.change(fieldIn(form, 'Tu nombre'), { target: { value: nick } });
  fireEvent.change(fieldIn(form, 'Tu email'), { target: { value: email } });
}

export const fieldIn = (form: HTMLElement, label: string) => within(form).getByLabelText<HTMLInputElement>(label);

/** The error text a field points to with aria-describedby, checking aria-invalid on the way. */
export function fieldError(input: HTMLInputElement): string | null {
  const id = input.getAttribute('aria-describedby');
  if (!id) return null;
  if (input.getAttribute('aria-invalid') !== 'true') throw new Error('a described error without aria-invalid');
  return document.getElementById(id)?.textContent ?? null;
}

export const submitButton = (form: HTMLElement) => form.querySelector('button[type="submit"]') as HTMLButtonElement;

export async function findForm(name: string) {
  return screen.findByRole('form', { name });
}
