import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { activityBySlug } from '../../../../../../course/syllabus';
import { createSiteSource, SiteSourceContext, type SiteSettings } from '../../../../lib/site';
import { TEST_SITE } from '../../../../testing/site';
import type { User } from '../../../../api/account-types';
import { AuthContext } from '../../../../lib/session/auth-context';
import { fakeActivityStore, InActivity } from '../../../../testing/activity-store';
import { makeUser } from '../../../../testing/fake-api';
import { FirstCoachingSession } from './FirstCoachingSession';

const activity = activityBySlug('primera-sesion-de-coaching')!;

/** The page under a session in a given state: still checking, a guest (null) or a user. */
function renderSession(session: User | null | 'checking', site: SiteSettings | null = TEST_SITE) {
  const store = fakeActivityStore(session !== null && session !== 'checking' ? 'server' : 'browser');
  const goNext = vi.fn();
  render(
    <AuthContext.Provider
      value={{
        user: session === 'checking' ? null : session,
        isLoading: session === 'checking',
        login: vi.fn(),
        logout: vi.fn(),
        refresh: vi.fn(),
      }}
    >
      <SiteSourceContext.Provider value={createSiteSource(site)}>
        <MemoryRouter>
          <InActivity store={store}>
            <FirstCoachingSession activity={activity} done={false} goNext={goNext} hasNext />
          </InActivity>
        </MemoryRouter>
      </SiteSourceContext.Provider>
    </AuthContext.Provider>,
  );
  return { complete: store.complete, goNext };
}

/** The external booking link: a new tab, no opener, no referrer. */
function expectBookingLink(name: RegExp, href: string) {
  const link = screen.getByRole('link', { name });
  expect(link.getAttribute('href')).toBe(href);
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  expect(link.textContent).toMatch(/se abre en una pestaña nueva/);
}

const salesTitle = () => screen.queryByRole('heading', { level: 2, name: 'Tu sesión de claridad, de regalo' });
const welcomeTitle = () => screen.queryByRole('heading', { level: 2, name: '¡Llegó tu primera sesión de coaching!' });

describe('FirstCoachingSession', () => {
  it("says 'Verificando tu acceso...' while the session is still unknown, and nothing else", () => {
    renderSession('checking');
    expect(screen.getByRole('status').textContent).toBe('Verificando tu acceso...');
    expect(salesTitle()).toBeNull();
    expect(welcomeTitle()).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('welcomes an enrolled learner (role 7) with how to book the first session and what to prepare', () => {
    renderSession(makeUser({ roles: [7] }));
    expect(welcomeTitle()).toBeTruthy();
    expect(salesTitle()).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'Cómo reservar tu sesión' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Qué preparar' })).toBeTruthy();
    expect(screen.getByText(/Tu Rueda de la Vida:/)).toBeTruthy();
    expect(screen.getByText(/El resumen de tus 7 niveles del porqué:/)).toBeTruthy();
    expectBookingLink(/^Reservar mi primera sesión/, TEST_SITE.bookingFirstSessionUrl!);
    expect(screen.queryByRole('link', { name: /Reservar mi sesión gratuita/ })).toBeNull();
  });

  it.each([
    ['a free learner', makeUser({ roles: [] })],
    ['a guest', null],
  ])('offers %s the free 30-minute 1-to-1 clarification session', (_, session) => {
    renderSession(session);
    expect(salesTitle()).toBeTruthy();
    expect(welcomeTitle()).toBeNull();
    expect(screen.getByText('30 minutos')).toBeTruthy();
    expect(screen.getByText('1 a 1')).toBeTruthy();
    expect(screen.getByText('Gratis')).toBeTruthy();
    for (const title of ['Qué pasa en la llamada', 'Para quién es', 'Con qué te vas']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeTruthy();
    }
    expectBookingLink(/^Reservar mi sesión gratuita/, TEST_SITE.bookingClarificationCallUrl!);
    expect(screen.queryByRole('link', { name: /Reservar mi primera sesión/ })).toBeNull();
  });

  it('while the coach has not set her booking pages, the button reads «Próximamente» and links nowhere', () => {
    renderSession(makeUser({ roles: [7] }), null);
    expect(screen.queryByRole('link', { name: /Reservar mi primera sesión/ })).toBeNull();
    expect(screen.getByText(/Próximamente/)).toBeTruthy();
  });

  it('completes and goes on like any activity', async () => {
    const { complete, goNext } = renderSession(null);
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como completada' }));
    await waitFor(() => expect(goNext).toHaveBeenCalledTimes(1));
    expect(complete).toHaveBeenCalledTimes(1);
  });
});
