import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { deferred, envelope, makeUser, noSession, stubApi } from '../../../testing/fake-api';
import type { User } from '../../../api/account-types';
import type { AuthContextValue } from '../../../lib/session/auth-context';
import { LAST_ACCOUNT_KEY } from '../../../lib/session/last-account';
import { useAuth } from '../../../lib/session/useAuth';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

/** Shows who is signed in and hands the test the context, to call login/logout/refresh. */
let auth: AuthContextValue;
function Probe() {
  // eslint-disable-next-line react-hooks/globals -- the probe hands the provider's context to the test that renders it
  auth = useAuth();
  return <p data-testid="who">{auth.user ? `conectada: ${auth.user.username}` : 'invitada'}</p>;
}

function renderProvider() {
  return render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <Probe />
      </AppProviders>
    </StrictMode>,
  );
}

const who = async () => (await screen.findByTestId('who')).textContent;

describe('AuthProvider', () => {
  it("shows 'Cargando...' while the session check runs, then the signed-in user", async () => {
    const answer = deferred();
    const api = stubApi({ 'GET /api/auth/verifyToken': () => answer.promise });

    renderProvider();
    expect(screen.getByRole('status').textContent).toBe('Cargando...');
    expect(screen.queryByTestId('who')).toBeNull();

    answer.resolve(envelope(200, 'Sesión activa.', makeUser()));
    expect(await who()).toBe('conectada: lucia.sol');
    expect(screen.queryByText('Cargando...')).toBeNull();
    expect(api.callsTo('GET /api/auth/verifyToken')).toHaveLength(1);
    // GETs carry the cache buster.
    expect(api.calls[0]!.url.searchParams.has('_')).toBe(true);
  });

  it('asks nothing when the page arrived without a session cookie (the server marks its shell), a guest at once', async () => {
    const api = stubApi({
      'GET /api/auth/verifyToken': noSession(),
      'POST /api/auth/login': envelope(200, 'Sesión iniciada.', makeUser()),
    });
    document.documentElement.dataset.session = 'none';
    try {
      renderProvider();
      expect(await who()).toBe('invitada');
      expect(auth.isLoading).toBe(false);
      expect(api.callsTo('GET /api/auth/verifyToken')).toHaveLength(0);

      // A login in this page is taken as usual.
      await act(async () => {
        await auth.login({ email: 'lucia@example.com', password: 'secreta-123' });
      });
      expect(await who()).toBe('conectada: lucia.sol');
    } finally {
      delete document.documentElement.dataset.session;
    }
  });

  it('treats 401 as a guest, not as an error', async () => {
    stubApi({ 'GET /api/auth/verifyToken': noSession() });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    renderProvider();
    expect(await who()).toBe('invitada');
    expect(auth.isLoading).toBe(false);
    expect(logged).not.toHaveBeenCalled();
  });

  it('leaves the visitor signed out and logs it when the check fails', async () => {
    stubApi({ 'GET /api/auth/verifyToken': envelope(500, 'Error del servidor.') });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    renderProvider();
    expect(await who()).toBe('invitada');
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(logged.mock.calls[0]![1]).toBeInstanceOf(ApiError);
  });

  it('login sets the user from the answer', async () => {
    const ana = makeUser({ username: 'ana', email: 'ana@example.com', roles: [7] });
    const api = stubApi({
      'GET /api/auth/verifyToken': noSession(),
      'POST /api/auth/login': envelope(200, 'Sesión iniciada.', ana),
    });
    renderProvider();
    expect(await who()).toBe('invitada');

    let returned: User | undefined;
    await act(async () => {
      returned = await auth.login({ email: 'ana@example.com', password: 'secreta123' });
    });

    expect(returned).toEqual(ana);
    expect(await who()).toBe('conectada: ana');
    expect(auth.user).toEqual(ana);
    expect(api.callsTo('POST /api/auth/login')[0]!.body).toEqual({ email: 'ana@example.com', password: 'secreta123' });
  });

  it('a failed login rejects with the server message and keeps the guest signed out', async () => {
    stubApi({
      'GET /api/auth/verifyToken': noSession(),
      'POST /api/auth/login': envelope(401, 'Email o contraseña incorrectos.'),
    });
    renderProvider();
    expect(await who()).toBe('invitada');

    let failure: unknown;
    await act(async () => {
      failure = await auth.login({ email: 'ana@example.com', password: 'mala' }).catch((error: unknown) => error);
    });

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, message: 'Email o contraseña incorrectos.' });
    expect(await who()).toBe('invitada');
  });

  it('logout clears the user', async () => {
    const api = stubApi({
      'GET /api/auth/verifyToken': envelope(200, 'Sesión activa.', makeUser()),
      'POST /api/auth/logout': envelope(200, 'Sesión cerrada.'),
    });
    renderProvider();
    expect(await who()).toBe('conectada: lucia.sol');

    await act(() => auth.logout());

    expect(await who()).toBe('invitada');
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
  });

  it.each([
    ['answers 500', () => envelope(500, 'Error del servidor.')],
    ['is unreachable', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('logout clears the user even when the server %s, and only logs the error', async (_, answer) => {
    stubApi({
      'GET /api/auth/verifyToken': envelope(200, 'Sesión activa.', makeUser()),
      'POST /api/auth/logout': answer,
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderProvider();
    expect(await who()).toBe('conectada: lucia.sol');

    await act(() => auth.logout());

    expect(await who()).toBe('invitada');
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('refresh(user) sets the given user without a call; refresh() asks the server again', async () => {
    let current: User = makeUser();
    const api = stubApi({ 'GET /api/auth/verifyToken': () => envelope(200, 'Sesión activa.', current) });
    renderProvider();
    expect(await who()).toBe('conectada: lucia.sol');

    await act(() => auth.refresh(makeUser({ username: 'lucia.premium', roles: [7] })));
    expect(await who()).toBe('conectada: lucia.premium');
    expect(api.callsTo('GET /api/auth/verifyToken')).toHaveLength(1);

    current = makeUser({ username: 'lucia.renovada' });
    let refreshed: User | null = null;
    await act(async () => {
      refreshed = await auth.refresh();
    });
    expect(refreshed).toEqual(current);
    expect(await who()).toBe('conectada: lucia.renovada');
    expect(api.callsTo('GET /api/auth/verifyToken')).toHaveLength(2);
  });

  it('with no answer at all (offline), a guest on screen, the last account offered as offlineUser, and asked again when the network returns', async () => {
    const lucia = makeUser({ roles: [7] });
    window.localStorage.setItem(LAST_ACCOUNT_KEY, JSON.stringify({ id: lucia.id, roles: [7] }));
    let reachable = false;
    const api = stubApi({
      'GET /api/auth/verifyToken': () => (reachable ? envelope(200, 'Sesión activa.', lucia) : Promise.reject(new TypeError('Failed to fetch'))),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderProvider();
    expect(await who()).toBe('invitada');
    expect(auth.offlineUser).toEqual({ id: lucia.id, roles: [7] });

    reachable = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await who()).toBe('conectada: lucia.sol');
    expect(auth.offlineUser).toBeNull();
    expect(api.callsTo('GET /api/auth/verifyToken')).toHaveLength(2);
  });

  it('remembers only the id and roles of who signs in, and forgets them when the server says nobody is, or at logout', async () => {
    const ana = makeUser({ username: 'ana', email: 'ana@example.com', roles: [7] });
    let session: 'none' | 'ana' = 'none';
    stubApi({
      'GET /api/auth/verifyToken': () => (session === 'ana' ? envelope(200, 'Sesión activa.', ana) : noSession()),
      'POST /api/auth/login': () => ((session = 'ana'), envelope(200, 'Sesión iniciada.', ana)),
      'POST /api/auth/logout': envelope(200, 'Sesión cerrada.'),
    });
    window.localStorage.setItem(LAST_ACCOUNT_KEY, JSON.stringify({ id: 'otra-cuenta', roles: [] }));
    renderProvider();
    expect(await who()).toBe('invitada');
    // A 401 is an answer: nobody is signed in here any more.
    expect(window.localStorage.getItem(LAST_ACCOUNT_KEY)).toBeNull();
    expect(auth.offlineUser).toBeNull();

    await act(async () => {
      await auth.login({ email: 'ana@example.com', password: 'secreta123' });
    });
    expect(JSON.parse(window.localStorage.getItem(LAST_ACCOUNT_KEY)!)).toEqual({ id: ana.id, roles: [7] });
    await act(() => auth.logout());
    expect(window.localStorage.getItem(LAST_ACCOUNT_KEY)).toBeNull();
  });

  it('an error answer (500) is not taken as offline: no account is offered', async () => {
    window.localStorage.setItem(LAST_ACCOUNT_KEY, JSON.stringify({ id: 'lucia', roles: [] }));
    stubApi({ 'GET /api/auth/verifyToken': envelope(500, 'Error del servidor.') });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderProvider();
    expect(await who()).toBe('invitada');
    expect(auth.offlineUser).toBeNull();
    // Nor forgotten: the server did not say that nobody is signed in.
    expect(window.localStorage.getItem(LAST_ACCOUNT_KEY)).not.toBeNull();
  });

  it('renews a session about to end (POST /api/auth/refreshToken) and keeps the learner signed in', async () => {
    const ending = { expiresInSeconds: 5 * 60, idleTimeoutSeconds: 168 * 3600 };
    const renewed = { expiresInSeconds: 30 * 86400, idleTimeoutSeconds: 168 * 3600 };
    const api = stubApi({
      'GET /api/auth/verifyToken': envelope(200, 'Sesión activa.', { ...makeUser(), session: ending }),
      'POST /api/auth/refreshToken': envelope(200, 'Sesión renovada.', { ...makeUser(), session: renewed }),
    });
    renderProvider();
    expect(await who()).toBe('conectada: lucia.sol');
    await waitFor(() => expect(api.callsTo('POST /api/auth/refreshToken')).toHaveLength(1));
    expect(await who()).toBe('conectada: lucia.sol');
    // The session's times are not part of the user the app sees.
    expect(auth.user).toEqual(makeUser());
    // A fresh 30-day session: nothing more to renew.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST /api/auth/refreshToken')).toHaveLength(1);
  });

  it('a renewal refused because another tab renewed first asks again, and the learner stays signed in', async () => {
    const ending = { expiresInSeconds: 60, idleTimeoutSeconds: 168 * 3600 };
    let checks = 0;
    const api = stubApi({
      'GET /api/auth/verifyToken': () => {
        checks += 1;
        // The other tab's new cookie: a fresh session.
        const session = checks === 1 ? ending : { expiresInSeconds: 30 * 86400, idleTimeoutSeconds: 168 * 3600 };
        return envelope(200, 'Sesión activa.', { ...makeUser(), session });
      },
      'POST /api/auth/refreshToken': noSession(),
    });
    renderProvider();
    await waitFor(() => expect(api.callsTo('GET /api/auth/verifyToken')).toHaveLength(2));
    expect(api.callsTo('POST /api/auth/refreshToken')).toHaveLength(1);
    expect(await who()).toBe('conectada: lucia.sol');
  });

  it('does not renew a session with time to spare', async () => {
    const api = stubApi({
      'GET /api/auth/verifyToken': envelope(200, 'Sesión activa.', {
        ...makeUser(),
        session: { expiresInSeconds: 30 * 86400, idleTimeoutSeconds: 168 * 3600 },
      }),
    });
    renderProvider();
    expect(await who()).toBe('conectada: lucia.sol');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST /api/auth/refreshToken')).toHaveLength(0);
  });

  it('useAuth outside the provider is a developer error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Outside() {
      useAuth();
      return null;
    }
    expect(() => render(<Outside />)).toThrow('useAuth() must be used inside <AuthProvider>.');
  });
});
