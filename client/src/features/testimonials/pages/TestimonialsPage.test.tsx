import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TESTIMONIAL_MESSAGES } from '../../../../../course/testimonials';
import { envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import type { CoachTestimonial } from '../api/testimonials-queries';

afterEach(() => {
  vi.unstubAllGlobals();
});

const coach = makeUser({ id: '0b6c1f7e-1111-4a4a-9a9a-000000000009', username: 'la.coach', roles: [9] });
const LIST = 'GET /api/coach/testimonials';
const ADD = 'POST /api/coach/testimonials';
const LUCIA: CoachTestimonial = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Lucía M.',
  text: 'Llegué sin saber qué quería y salí con un plan.',
  page: 'reprograma',
  photo: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const PORTRAIT = {
  id: '0190a1b2-0000-7000-8000-00000000000a',
  kind: 'image',
  label: 'Lucía en el taller',
  url: `/media/${'a'.repeat(64)}.jpg`,
  contentType: 'image/jpeg',
  bytes: 120_000,
  width: 800,
  height: 800,
  durationSeconds: null,
  uploadedAt: '2026-11-01T09:00:00.000Z',
  variants: [{ url: `/media/${'b'.repeat(64)}.webp`, type: 'image/webp', width: 320, height: 320, bytes: 9_000 }],
};
const AROUND = {
  'GET /api/app/notification': () => envelope(200, 'Sin novedades.', null),
  'GET /api/coach/media': () => envelope(200, 'Biblioteca de medios.', [PORTRAIT]),
};

function serverWith(initial: CoachTestimonial[]) {
  let items = [...initial];
  return {
    ...AROUND,
    [LIST]: () => envelope(200, 'Testimonios.', items),
    [ADD]: async (request: Request) => {
      const { consent: _c, ...body } = await request.json();
      const added = { id: '00000000-0000-4000-8000-000000000002', createdAt: '2026-11-02T10:00:00.000Z', photo: null, ...body };
      items = [...items, added];
      return envelope(200, 'Testimonio agregado.', added);
    },
    [`PATCH /api/coach/testimonials/${LUCIA.id}`]: async (request: Request) => {
      const changes = await request.json();
      items = items.map((i) => (i.id === LUCIA.id ? { ...i, ...changes } : i));
      return envelope(200, 'Testimonio guardado.', items[0]);
    },
    [`POST /api/coach/testimonials/${LUCIA.id}/remove`]: () => {
      items = items.filter((i) => i.id !== LUCIA.id);
      return envelope(200, 'Testimonio eliminado.', null);
    },
  };
}

const addForm = async () => (await screen.findByRole('heading', { name: 'Agregar un testimonio' }, { timeout: 10_000 })).closest('section')!;

describe('/coach/testimonios', { timeout: 20_000 }, () => {
  it('lists the testimonials with their page, and has a tab in the coach’s desk', async () => {
    stubApi(serverWith([LUCIA]));
    renderRoute('/coach/testimonios', { session: coach });
    expect(await screen.findByRole('heading', { level: 1, name: 'Testimonios' }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText(LUCIA.text)).toBeTruthy();
    expect(screen.getByText('Reprograma (el programa)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Testimonios' }).getAttribute('aria-current')).toBe('page');
  });

  it('adds nothing without the consent box ticked, then adds it once ticked', async () => {
    const api = stubApi(serverWith([]));
    renderRoute('/coach/testimonios', { session: coach });
    const form = await addForm();
    expect(await screen.findByText('Todavía no agregaste testimonios.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Nombre, tal como/), { target: { value: 'Jorge' } });
    fireEvent.change(within(form).getByLabelText('Testimonio'), { target: { value: 'Aprendí a escucharme.' } });
    fireEvent.change(within(form).getByLabelText('Página donde se muestra'), { target: { value: 'coaching' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar testimonio' }));
    expect(await within(form).findByText(TESTIMONIAL_MESSAGES.consent)).toBeTruthy();
    expect(api.callsTo(ADD)).toHaveLength(0);

    fireEvent.click(within(form).getByLabelText(/consentimiento/));
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar testimonio' }));
    await waitFor(() => expect(api.callsTo(ADD)).toHaveLength(1));
    expect(api.callsTo(ADD)[0]!.body).toEqual({ name: 'Jorge', text: 'Aprendí a escucharme.', page: 'coaching', consent: true });
    expect(await screen.findByText('Listo: agregaste el testimonio.')).toBeTruthy();
    expect(await screen.findByText('Aprendí a escucharme.')).toBeTruthy();
  });

  it('adds a photo from the library, shows it on the card, and takes it away in an edit', async () => {
    const api = stubApi(serverWith([]));
    renderRoute('/coach/testimonios', { session: coach });
    const form = await addForm();
    fireEvent.change(within(form).getByLabelText(/^Nombre, tal como/), { target: { value: 'Lucía M.' } });
    fireEvent.change(within(form).getByLabelText('Testimonio'), { target: { value: 'Salí con un plan.' } });
    fireEvent.change(within(form).getByLabelText('Página donde se muestra'), { target: { value: 'about' } });
    expect((within(form).getByLabelText('Sin foto') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(await within(form).findByLabelText('Lucía en el taller'));
    fireEvent.click(within(form).getByLabelText(/consentimiento/));
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar testimonio' }));
    await waitFor(() => expect(api.callsTo(ADD)).toHaveLength(1));
    expect(api.callsTo(ADD)[0]!.body).toEqual({ name: 'Lucía M.', text: 'Salí con un plan.', page: 'about', photo: PORTRAIT.id, consent: true });

    const card = (await screen.findByText('Salí con un plan.')).closest('li')!;
    expect((await within(card).findByRole('img', { name: 'Foto de Lucía M.' })).getAttribute('src')).toBe(PORTRAIT.variants[0]!.url);
    fireEvent.click(within(card).getByRole('button', { name: 'Editar' }));
    fireEvent.click(within(card).getByLabelText('Sin foto'));
    fireEvent.click(within(card).getByRole('button', { name: 'Guardar cambios' }));
    const edits = () => api.callsTo('PATCH /api/coach/testimonials/00000000-0000-4000-8000-000000000002');
    await waitFor(() => expect(edits()).toHaveLength(1));
    expect(edits()[0]!.body).toEqual({ name: 'Lucía M.', text: 'Salí con un plan.', page: 'about', photo: null });

    // Removing it says the photo stays in the library (it is deleted there, not with the testimonial).
    fireEvent.click(within(card).getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Eliminar' }));
    expect(within(card).getByText(/Su foto queda en tu biblioteca: bórrala en Medios/)).toBeTruthy();
  });

  it('edits one in place', async () => {
    const api = stubApi(serverWith([LUCIA]));
    renderRoute('/coach/testimonios', { session: coach });
    const card = (await screen.findByText(LUCIA.text, undefined, { timeout: 10_000 })).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Editar' }));
    fireEvent.change(within(card).getByLabelText('Página donde se muestra'), { target: { value: 'hielo' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.callsTo(`PATCH /api/coach/testimonials/${LUCIA.id}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH /api/coach/testimonials/${LUCIA.id}`)[0]!.body).toEqual({ name: LUCIA.name, text: LUCIA.text, page: 'hielo' });
    expect(await screen.findByText('Inmersión en hielo')).toBeTruthy();
  });

  it('removes one only after confirming', async () => {
    const api = stubApi(serverWith([LUCIA]));
    renderRoute('/coach/testimonios', { session: coach });
    const card = (await screen.findByText(LUCIA.text, undefined, { timeout: 10_000 })).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(within(card).getByRole('button', { name: 'No, conservarlo' }));
    expect(api.callsTo(`POST /api/coach/testimonials/${LUCIA.id}/remove`)).toHaveLength(0);

    fireEvent.click(within(card).getByRole('button', { name: 'Eliminar' }));
    expect(within(card).getByText(/olvidaremos su nombre y su texto para siempre/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Sí, eliminar' }));
    expect(await screen.findByText('Listo: el testimonio de Lucía M. ya no se muestra.')).toBeTruthy();
    expect(api.callsTo(`POST /api/coach/testimonials/${LUCIA.id}/remove`)).toHaveLength(1);
    expect(await screen.findByText('Todavía no agregaste testimonios.')).toBeTruthy();
  });
});
