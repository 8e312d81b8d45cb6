// /masterclasses, /coaching and /about: what each page promises, and where each call to action leads; /about tells
// only the story the coach wrote herself.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUOTED_PRICES, formatPrice } from '../../../../../course/products';
import { siteLinks } from '../../../lib/site';
import { TEST_PORTRAIT, TEST_SITE } from '../../../testing/site';
import { envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import { ABOUT_WHATSAPP_MESSAGE, techProjectsMailto } from './AboutPage';
import { COACHING_WHATSAPP_MESSAGE } from './CoachingPage';
import { MASTERCLASSES_WHATSAPP_MESSAGE } from './MasterclassesPage';

/** The coach's settings these pages are rendered with (fictitious). */
const links = siteLinks(TEST_SITE);

let api: ReturnType<typeof stubApi>;

beforeAll(() => Promise.all([import('./MasterclassesPage'), import('./CoachingPage'), import('./AboutPage')]));
beforeEach(() => {
  api = stubApi({ 'POST /api/leads/view': () => envelope(200, 'Visita registrada.', { recorded: true }) });
});
afterEach(async () => {
  // The page-view beacon leaves after the effects: let it reach the stub before the stub goes.
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
});

/** Every WhatsApp link of the page, as the chat's prefilled text. */
const prefilledChats = () =>
  Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href^="https://wa.me/"]'), (a) => new URL(a.href).searchParams.get('text'));

const region = (name: string) => screen.getByRole('region', { name });
const cardTitles = (name: string) =>
  within(region(name))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('/masterclasses', () => {
  it('lists the 8 theory topics and the 7 practices of the subscription', async () => {
    renderRoute('/masterclasses', { site: TEST_SITE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Masterclasses' })).toBeTruthy();

    expect(cardTitles('Lo que vamos a estudiar')).toEqual([
      'Las 5 leyes universales',
      'Las 7 leyes del Kybalion',
      'Realidades paralelas',
      'El camino de menor resistencia',
      'Mente superior y mente física',
      'Los 9 niveles de conciencia',
      'Niveles de fuerza y poder',
      'Ley de resonancia, espejo y atracción',
    ]);
    expect(cardTitles('Lo que vas a practicar')).toHaveLength(7);
    expect(within(region('Lo que vas a practicar')).getByText('Activación de la glándula pineal')).toBeTruthy();
    expect(within(region('Qué incluye')).getByText('Cancelas cuando quieras')).toBeTruthy();
  });

  it('costs $17 USD a month and repeats its WhatsApp call to action with its own message', async () => {
    renderRoute('/masterclasses', { site: TEST_SITE });
    const price = await screen.findByRole('region', { name: 'Súmate este mes' });
    expect(within(price).getByText('$17 USD')).toBeTruthy();
    expect(within(price).getByText('por mes')).toBeTruthy();

    const chats = prefilledChats();
    expect(chats.length).toBeGreaterThanOrEqual(3);
    expect(new Set(chats)).toEqual(new Set([MASTERCLASSES_WHATSAPP_MESSAGE]));
    await waitFor(() => expect(api.callsTo('POST /api/leads/view')[0]?.body).toEqual({ page: 'masterclasses' }));
  });
});

describe('/coaching', () => {
  it('is a 60-minute video call for $17 USD, in four steps', async () => {
    renderRoute('/coaching', { site: TEST_SITE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sesión 1:1 de Propósito' })).toBeTruthy();

    const facts = region('La sesión en pocas palabras');
    expect(within(facts).getByText('60 minutos')).toBeTruthy();
    expect(within(facts).getByText(formatPrice(QUOTED_PRICES.purposeSession))).toBeTruthy();
    expect(formatPrice(QUOTED_PRICES.purposeSession)).toBe('$17 USD');
    expect(within(region('Reserva tu sesión')).getByText('$17 USD')).toBeTruthy();
    expect(cardTitles('Cuatro pasos')).toEqual(['Agenda', 'Conectamos', 'Descubre tu propósito', 'Diseña tu camino']);

    const forWhom = region('Antes de reservar, mírate con honestidad');
    expect(within(forWhom).getByRole('heading', { name: 'Es para ti si…' })).toBeTruthy();
    expect(within(forWhom).getByRole('heading', { name: 'No es para ti si…' })).toBeTruthy();
  });

  it('answers 5 questions, each opening on demand', async () => {
    renderRoute('/coaching', { site: TEST_SITE });
    await screen.findByRole('heading', { level: 1 });
    const questions = within(region('Lo que más me preguntan')).getAllByRole('button');
    expect(questions).toHaveLength(5);

    const first = questions[0]!;
    const answer = document.getElementById(first.getAttribute('aria-controls')!)!;
    expect(answer.hidden).toBe(true);
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(answer.hidden).toBe(false);
  });

  it('books over WhatsApp (its own message) or the scheduling page, offers the free 30-minute call, and ends with Instagram', async () => {
    renderRoute('/coaching', { site: TEST_SITE });
    await screen.findByRole('heading', { level: 1 });

    expect(new Set(prefilledChats())).toEqual(new Set([COACHING_WHATSAPP_MESSAGE]));
    const booking = screen.getAllByRole('link', { name: /Agenda tu sesión/ });
    expect(booking.length).toBeGreaterThanOrEqual(3);
    for (const link of booking) expect(link.getAttribute('href')).toBe(links.bookingPurposeSession);

    const freeCall = within(region('Hablemos antes, sin costo')).getByRole('link', { name: /Agenda una llamada informativa/ });
    expect(freeCall.getAttribute('href')).toBe(links.bookingClarificationCall);
    expect(screen.getByText('30 minutos, gratis y sin compromiso')).toBeTruthy();

    const footer = screen.getByRole('contentinfo');
    const instagram = within(footer).getByRole('link', { name: /Instagram/ });
    expect(instagram.getAttribute('href')).toBe(links.instagram);
    expect(instagram.getAttribute('rel')).toBe('noopener noreferrer');
    await waitFor(() => expect(api.callsTo('POST /api/leads/view')[0]?.body).toEqual({ page: 'coaching' }));
  });

  it('shows the portrait the coach set, with her name, and no picture of anyone else without one', async () => {
    const withPortrait = renderRoute('/coaching', { site: { ...TEST_SITE, coachPortrait: TEST_PORTRAIT } });
    const photo = await screen.findByRole('img', { name: `Foto de ${TEST_SITE.coachName}` });
    expect([photo.getAttribute('src'), photo.getAttribute('width'), photo.getAttribute('height'), photo.getAttribute('loading')]).toEqual([
      TEST_PORTRAIT.src,
      '600',
      '800',
      'lazy',
    ]);
    expect(photo.parentElement!.querySelector('source[type="image/avif"]')!.getAttribute('srcset')).toBe(TEST_PORTRAIT.sources[0]!.srcset);
    withPortrait.unmount();

    // A signed-in learner's own picture is never shown as the coach's.
    renderRoute('/coaching', { site: TEST_SITE, session: makeUser({ profileImage: 'https://cdn.example.com/learner.jpg' }) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryAllByRole('img', { name: /Foto de/ })).toHaveLength(0);
    expect(screen.getAllByText(TEST_SITE.coachName).length).toBeGreaterThan(0);
  });
});

describe('/about', () => {
  /** What the page says about her life on its own, without her: none of the story we once made up. */
  const INVENTED = /Córdoba|desarrolladora|diez años|lo construí|nudo en el pecho/;
  const STORY = 'Mi primer párrafo, con <b>mis</b> palabras.\nUna línea aparte.\n\n  \n\nEl segundo párrafo.';

  it('offers the course and tech projects, and without her story has no «Mi historia» section but still makes sense', async () => {
    const { router } = renderRoute('/about', { site: TEST_SITE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sobre mí' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Mi historia' })).toBeNull();
    expect(screen.queryByText(/mi historia/i)).toBeNull();
    expect(screen.getByText(/^Soy Coach de prueba, coach holística\. Aquí te cuento cómo acompaño/)).toBeTruthy();
    expect(cardTitles('Cómo acompaño')).toEqual(['El cuerpo primero', 'Práctica antes que teoría', 'Sin gurúes']);
    expect(document.body.textContent).not.toMatch(INVENTED);

    const offers = region('Dos formas de hacerlo');
    const mail = within(offers).getByRole('link', { name: 'Escríbeme por email' });
    expect(mail.getAttribute('href')).toBe(techProjectsMailto(links.techProjectsEmail));
    expect(mail.getAttribute('href')!.startsWith(`mailto:${links.techProjectsEmail}?subject=`)).toBe(true);
    expect(within(region('¿Conversamos?')).getByRole('link', { name: /Escríbeme por WhatsApp/ })).toBeTruthy();
    expect(new Set(prefilledChats())).toEqual(new Set([ABOUT_WHATSAPP_MESSAGE]));
    await waitFor(() => expect(api.callsTo('POST /api/leads/view')[0]?.body).toEqual({ page: 'about' }));

    fireEvent.click(within(offers).getByRole('link', { name: 'Empieza el curso' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cursos/manifiesta'));
  });

  it('tells her story as she wrote it: a paragraph for each blank line, as plain text', async () => {
    renderRoute('/about', { site: { ...TEST_SITE, coachStory: STORY } });
    const story = await screen.findByRole('region', { name: 'Mi historia' });
    const paragraphs = within(story)
      .getAllByRole('paragraph')
      .filter((p) => !p.classList.contains('eyebrow'));
    expect(paragraphs.map((p) => p.textContent)).toEqual(['Mi primer párrafo, con <b>mis</b> palabras.\nUna línea aparte.', 'El segundo párrafo.']);
    // What she typed is text, never markup.
    expect(story.querySelector('b')).toBeNull();
    expect(screen.getByText(/Aquí te cuento mi historia, cómo acompaño/)).toBeTruthy();
    expect(region('¿Te resonó algo de mi historia?')).toBeTruthy();
    expect(cardTitles('Dos formas de hacerlo')).toEqual(['El curso Manifiesta', 'Proyectos tecnológicos']);
  });

  it('opens with her own short presentation when she wrote one', async () => {
    renderRoute('/about', { site: { ...TEST_SITE, coachBio: 'Acompaño a personas que quieren vivir con intención.\n\nEscríbeme cuando quieras.' } });
    const hero = (await screen.findByRole('heading', { level: 1, name: 'Sobre mí' })).closest('header')!;
    expect(within(hero).getByText('Acompaño a personas que quieren vivir con intención.')).toBeTruthy();
    expect(within(hero).getByText('Escríbeme cuando quieras.')).toBeTruthy();
    expect(within(hero).queryByText(/coach holística/)).toBeNull();
  });
});
