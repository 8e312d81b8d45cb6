// The session cookie: who is asking. `request.currentUser()` resolves it once per request;
// `requireUser` answers 401 for a missing or expired session.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthorizedError } from '../../events/errors';
import type { Accounts, Session, User } from '../features/accounts/accounts';

export const SESSION_COOKIE = 'mf_session';
export const NO_SESSION_MESSAGE = 'Tu sesión no es válida o expiró. Por favor, inicia sesión de nuevo.';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser(): Promise<User | undefined>;
    /** The user and how long their session has left. */
    currentSession(): Promise<Session | undefined>;
  }
}

export interface SessionCookies {
  set(reply: FastifyReply, token: string): void;
  clear(reply: FastifyReply): void;
  read(request: FastifyRequest): string | undefined;
}

export function sessionCookies({ secure, maxDays }: { secure: boolean; maxDays: number }): SessionCookies {
  const options = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  return {
    set: (reply, token) => void reply.setCookie(SESSION_COOKIE, token, { ...options, maxAge: maxDays * 24 * 3600 }),
    clear: (reply) => void reply.clearCookie(SESSION_COOKIE, options),
    read: (request) => {
      const value = request.cookies[SESSION_COOKIE];
      return value && /^[\w-]{20,100}$/.test(value) ? value : undefined;
    },
  };
}

export async function requireSession(request: FastifyRequest): Promise<Session> {
  const session = await request.currentSession();
  if (!session) throw new UnauthorizedError(NO_SESSION_MESSAGE);
  return session;
}

export async function requireUser(request: FastifyRequest): Promise<User> {
  return (await requireSession(request)).user;
}

export default fp(
  async function auth(app: FastifyInstance, { accounts, cookies }: { accounts: Pick<Accounts, 'resolveSession'>; cookies: SessionCookies }) {
    await app.register(cookie);
    const cache = new WeakMap<FastifyRequest, Promise<Session | undefined>>();
    app.decorateRequest('currentSession', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        const token = cookies.read(this);
        pending = token ? accounts.resolveSession(token) : Promise.resolve(undefined);
        cache.set(this, pending);
      }
      return pending;
    });
    app.decorateRequest('currentUser', function (this: FastifyRequest) {
      return this.currentSession().then((session) => session?.user);
    });
  },
  { name: 'auth' },
);
