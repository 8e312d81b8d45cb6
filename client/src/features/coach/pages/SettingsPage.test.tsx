import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import type { CoachSettings, SettingsValues } from '../api/settings-queries';

afterEach(() => {
  vi.unstubAllGlobals();
});

const coach = makeUser({ id: '0b6c1f7e-1111-4a4a-9a9a-000000000009', username: 'la.coach', roles: [9] });
const GET = 'GET /api/coach/settings';
const PATCH = 'PATCH /api/coach/settings';
const RESTORE = 'POST /api/coach/settings/restore';
const AROUND = { 'GET /api/app/notification': () => envelope(200, 'Sin novedades.', null) };
const WHATSAPP_ERROR = 'Escribe el número de WhatsApp con el código de país, empezando con + (por ejemplo +54 9 11 1234 5678).';
const STORY_ERROR = 'Tu historia puede tener hasta 6000 caracteres.';
const STORY_HINT = 'Cuéntala en primera persona, como se la contarías a alguien que recién te conoce. Deja una línea en blanco entre párrafos.';

const EMPTY: SettingsValues = {
  coachName: null,
  coachBio: null,
  coachStory: null,
  noticeText: null,
  contactEmail: null,
  techProjectsEmail: null,
  whatsappNumber: null,
  bookingFirstSessionUrl: null,
  bookingClarificationCallUrl: null,
  bookingPurposeSessionUrl: null,
  instagramUrl: null,
  tiktokUrl: null,
  youtubeUrl: null,
  bookUrl: null,
  nivelesVideoUrl: null,
  noticeLink: null,
  coachPhoto: null,
};

/** A server keeping the settings and their history as the real one does: each change a version, restore by version. */
function serverWith(first: Partial<SettingsValues>) {
  const versions: SettingsValues[] = [EMPTY, { ...EMPTY, ...first }];
  let state: CoachSettings = {
    version: 1,
    settings: versions[1]!,
    history: [{ version: 1, at: '2026-11-20T10:00:00.000Z', by: coach.id, fields: Object.keys(first) as never, changes: first, restoredFrom: null }],
  };
  const change = (changes: Partial<SettingsValues>, restoredFrom: number | null) => {
    const version = state.version + 1;
    versions.push({ ...state.settings, ...changes });
    state = {
      version,
      settings: versions[version]!,
      history: [{ version, at: '2026-11-21T10:00:00.000Z', by: coach.id, fields: Object.keys(changes) as never, changes, restoredFrom }, ...state.history],
    };
    return state;
  };
  return {
    ...AROUND,
    [GET]: () => envelope(200, 'Ajustes del sitio.', state),
    [PATCH]: async (request: Request) => {
      const body = (await request.json()) as Partial<SettingsValues>;
      if (body.whatsappNumber && !/^\+\d{8,15}$/.test(body.whatsappNumber.replace(/[\s().-]/g, ''))) return envelope(400, WHATSAPP_ERROR, null);
      if (body.coachStory && body.coachStory.trim().length > 6000) return envelope(400, STORY_ERROR, null);
      return envelope(200, 'Ajustes guardados.', change(body, null));
    },
    [RESTORE]: async (request: Request) => {
      const { version } = (await request.json()) as { version: number };
      const back = versions[version]!;
      const changes = Object.fromEntries(Object.entries(back).filter(([k, v]) => state.settings[k as keyof SettingsValues] !== v));
      return envelope(200, 'Restauraste esa versión de los ajustes.', change(changes, version));
    },
  };
}

const group = async (title: string) => (await screen.findByRole('form', { name: title }, { timeout: 10_000 })) as HTMLFormElement;

describe('/coach/ajustes', { timeout: 20_000 }, () => {
  it('shows the current values in their groups, with a tab in the coach’s desk', async () => {
    stubApi(serverWith({ coachName: 'Coach de prueba', whatsappNumber: '+5491100000000' }));
    renderRoute('/coach/ajustes', { session: coach });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajustes del sitio' }, { timeout: 10_000 })).toBeTruthy();
    expect((within(await group('Tu presentación')).getByLabelText('Tu nombre') as HTMLInputElement).value).toBe('Coach de prueba');
    expect((within(await group('Contacto')).getByLabelText('Número de WhatsApp') as HTMLInputElement).value).toBe('+5491100000000');
    expect((within(await group('Redes, libro y video')).getByLabelText('Instagram') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('link', { name: 'Ajustes' }).getAttribute('aria-current')).toBe('page');
  });

  it('saves one group: only its fields, an emptied field as null, and says it is saved', async () => {
    const api = stubApi(serverWith({ coachName: 'Coach de prueba', whatsappNumber: '+5491100000000' }));
    renderRoute('/coach/ajustes', { session: coach });
    const contact = await group('Contacto');
    fireEvent.change(within(contact).getByLabelText('Número de WhatsApp'), { target: { value: '' } });
    fireEvent.change(within(contact).getByLabelText('Email de contacto'), { target: { value: 'hola@example.com' } });
    fireEvent.click(within(contact).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(api.callsTo(PATCH)[0]!.body).toEqual({ contactEmail: 'hola@example.com', whatsappNumber: null, techProjectsEmail: null });
    expect(await within(await group('Contacto')).findByRole('status')).toHaveProperty('textContent', 'Guardado.');
    expect((within(await group('Tu presentación')).getByLabelText('Tu nombre') as HTMLInputElement).value).toBe('Coach de prueba');
  });

  it('shows the server’s Spanish error for a bad number and keeps what she typed', async () => {
    stubApi(serverWith({}));
    renderRoute('/coach/ajustes', { session: coach });
    const contact = await group('Contacto');
    fireEvent.change(within(contact).getByLabelText('Número de WhatsApp'), { target: { value: '1234' } });
    fireEvent.click(within(contact).getByRole('button', { name: 'Guardar' }));
    expect((await within(contact).findByRole('alert')).textContent).toBe(WHATSAPP_ERROR);
    expect((within(contact).getByLabelText('Número de WhatsApp') as HTMLInputElement).value).toBe('1234');
    expect(within(contact).queryByRole('status')).toBeNull();
  });

  it('lists every change and brings an earlier version back', async () => {
    const api = stubApi(serverWith({ coachName: 'Ana' }));
    renderRoute('/coach/ajustes', { session: coach });
    const presentation = await group('Tu presentación');
    fireEvent.change(within(presentation).getByLabelText('Tu nombre'), { target: { value: 'Bea' } });
    fireEvent.click(within(presentation).getByRole('button', { name: 'Guardar' }));
    const history = (await screen.findByRole('heading', { level: 2, name: 'Historial' })).closest('section')!;
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(3));
    const [now, first, initial] = within(history).getAllByRole('listitem');
    expect(now!.textContent).toContain('Versión 2');
    expect(now!.textContent).toContain('Actual');
    expect(initial!.textContent).toContain('Valores iniciales');

    fireEvent.click(within(first!).getByRole('button', { name: 'Restaurar' }));
    await waitFor(() => expect(api.callsTo(RESTORE)).toHaveLength(1));
    expect(api.callsTo(RESTORE)[0]!.body).toEqual({ version: 1 });
    await waitFor(async () => expect((within(await group('Tu presentación')).getByLabelText('Tu nombre') as HTMLInputElement).value).toBe('Ana'));
    expect(await within(history).findByText(/Restauraste la versión 1: Tu nombre/)).toBeTruthy();
  });

  it('takes her story in a textarea with its hint and a counter, and sends it with its blank lines', async () => {
    const api = stubApi(serverWith({ coachName: 'Coach de prueba' }));
    renderRoute('/coach/ajustes', { session: coach });
    const presentation = await group('Tu presentación');
    const story = within(presentation).getByLabelText('Tu historia') as HTMLTextAreaElement;
    expect(story.tagName).toBe('TEXTAREA');
    expect(story.value).toBe('');
    const described = story
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)!.textContent);
    expect(described).toEqual([STORY_HINT, '0 de 6000 caracteres']);

    const text = 'Primer párrafo, con mis palabras.\n\nSegundo párrafo.';
    fireEvent.change(story, { target: { value: `${text}\n` } });
    expect(document.getElementById(`${story.id}-count`)!.textContent).toBe(`${text.length} de 6000 caracteres`);
    fireEvent.click(within(presentation).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(api.callsTo(PATCH)[0]!.body).toEqual({ coachName: 'Coach de prueba', coachBio: null, coachStory: `${text}\n` });
    expect(await within(await group('Tu presentación')).findByRole('status')).toHaveProperty('textContent', 'Guardado.');
    expect((within(await group('Tu presentación')).getByLabelText('Tu historia') as HTMLTextAreaElement).value).toBe(`${text}\n`);
  });

  it('says when her story is too long, and shows the server’s Spanish error if she saves it anyway', async () => {
    stubApi(serverWith({}));
    renderRoute('/coach/ajustes', { session: coach });
    const presentation = await group('Tu presentación');
    const story = within(presentation).getByLabelText('Tu historia') as HTMLTextAreaElement;
    fireEvent.change(story, { target: { value: 'a'.repeat(6012) } });
    const count = document.getElementById(`${story.id}-count`)!;
    expect(count.textContent).toBe('6012 de 6000 caracteres: quita 12 para poder guardar.');
    expect(story.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(presentation).getByRole('button', { name: 'Guardar' }));
    expect((await within(presentation).findByRole('alert')).textContent).toBe(STORY_ERROR);
    expect(story.value).toHaveLength(6012);
    fireEvent.change(story, { target: { value: 'a'.repeat(6000) } });
    expect(count.textContent).toBe('6000 de 6000 caracteres');
    expect(story.getAttribute('aria-invalid')).toBeNull();
  });
});
