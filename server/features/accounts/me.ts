// /api/me/*: the signed-in person's own account — the name they are greeted by, their password, and the sessions
// open on the account (each named by an id of its own: a session's token never leaves the cookie).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decideAccounts, evolveAccount, initialAccountState, type AccountsCommand } from '../../../events/accounts/accounts';
import { learnerStreamId } from '../../../events/accounts/accounts.events';
import { NotFoundError, UnauthorizedError } from '../../../events/errors';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import { EMAIL_SEND, type MailJob } from '../../../jobs/email/send-email';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { requireSession, type SessionCookies } from '../../plugins/auth';
import { eventIdFor, keyedWrite, requestMetadata } from '../../request';
import type { Accounts } from './accounts';
import { displayNameField, newPasswordField, passwordField, tooManyFailuresMessage, UserSchema } from './routes';
import { hashPassword, verifyPassword } from './secrets';
import type { LoginThrottle } from './throttle';

export const ME_MESSAGES = {
  nameRequired: 'Escribe el nombre con el que quieres que te saludemos.',
  nameChanged: 'Listo: ya te saludamos con tu nuevo nombre.',
  passwordsRequired: 'Escribe tu contraseña actual y la nueva.',
  wrongPassword: 'La contraseña actual no es correcta.',
  passwordChanged: 'Cambiaste tu contraseña. Cerramos las demás sesiones de tu cuenta; esta sigue abierta.',
  sessions: 'Sesiones abiertas.',
  sessionEnded: 'Sesión cerrada.',
  noSuchSession: 'Esa sesión no existe o ya se cerró.',
  sessionId: 'El identificador de la sesión no es válido.',
} as const;

const NameBody = z.strictObject({ name: displayNameField(ME_MESSAGES.nameRequired) });

const PasswordBody = z.strictObject({
  currentPassword: passwordField(ME_MESSAGES.passwordsRequired),
  newPassword: newPasswordField(ME_MESSAGES.passwordsRequired),
});

const OpenSessionSchema = z
  .object({
    id: z.uuid().describe('identifica la sesión en esta API; no es su token'),
    device: z.string().nullable().describe('el navegador y el sistema, según los nombró el navegador al iniciar la sesión («Chrome en Android»)'),
    createdAt: z.string().describe('cuándo se inició (ISO 8601)'),
    lastUsedAt: z.string().describe('cuándo se usó por última vez (ISO 8601; se actualiza como mucho una vez por minuto)'),
    current: z.boolean().describe('la sesión de esta solicitud («Este dispositivo»)'),
  })
  .meta({ id: 'OpenSession' });

const Empty = envelope(z.null());
const meErrors = { ...errorResponses, 401: ErrorEnvelope } as const;

export interface MeDeps {
  store: EventStore;
  accounts: Accounts;
  cookies: SessionCookies;
  /** The login's throttle: a wrong current password is a failed guess at the account's password, counted as one. */
  throttle: LoginThrottle;
}

const meRoutes: FastifyPluginAsyncZod<MeDeps> = async (app, { store, accounts, cookies, throttle }) => {
  const fold = { initial: initialAccountState, evolve: evolveAccount };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

  app.post(
    '/api/me/name',
    {
      schema: {
        operationId: 'changeMyName',
        tags: ['accounts'],
        summary: 'Cambia el nombre con el que te saludamos',
        description: 'Letras de cualquier idioma, espacios, apóstrofos y guiones, de 2 a 40 caracteres. No tiene que ser único.',
        body: NameBody,
        response: { 200: envelope(UserSchema), ...meErrors, 404: ErrorEnvelope, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      const username = request.body.name;
      const command: AccountsCommand = { type: 'ChangeName', userId: user.id, username, eventId: eventIdFor(request, 0) };
      await handleCommand(store, learnerStreamId(user.id), fold, (state) => ({ events: decideAccounts(command, state) }), keyedWrite(request, user.id));
      return ok(ME_MESSAGES.nameChanged, { ...user, username });
    },
  );

  app.post(
    '/api/me/password',
    {
      schema: {
        operationId: 'changeMyPassword',
        tags: ['accounts'],
        summary: 'Cambia tu contraseña (con la actual); cierra las demás sesiones de la cuenta',
        description:
          'Una contraseña actual equivocada responde 401 y cuenta como un intento fallido de inicio de sesión desde esta conexión: tras varios, la siguiente espera (429 con Retry-After). Aquí no se usa Idempotency-Key: ninguna huella de una contraseña va al registro. La cuenta recibe un aviso por correo.',
        body: PasswordBody,
        response: { 200: Empty, ...meErrors, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const token = cookies.read(request)!;
      const { currentPassword, newPassword } = request.body;
      // Whoever holds a session gets no more guesses at the password than a login would.
      const attempt = await throttle.admit({ email: user.email, ip: request.ip });
      if ('wait' in attempt) {
        reply.header('retry-after', String(attempt.wait));
        return reply.status(429).send({ success: false as const, message: tooManyFailuresMessage(attempt.wait), data: null });
      }
      if (!(await verifyPassword(await accounts.passwordHashOf(user.id), currentPassword))) throw new UnauthorizedError(ME_MESSAGES.wrongPassword);
      await throttle.succeeded(attempt.ticket);
      const passwordHash = await hashPassword(newPassword);
      const notice: MailJob = { kind: 'password-changed', userId: user.id };
      await handleCommand(
        store,
        learnerStreamId(user.id),
        fold,
        (state) => ({
          events: decideAccounts({ type: 'ChangePassword', userId: user.id }, state),
          alsoInTransaction: (tx) => accounts.replacePassword(tx, user.id, passwordHash, token),
          jobs: [{ name: EMAIL_SEND, data: notice }],
        }),
        { metadata: requestMetadata(request, user.id) },
      );
      return ok(ME_MESSAGES.passwordChanged, null);
    },
  );

  app.get(
    '/api/me/sessions',
    {
      schema: {
        operationId: 'listMySessions',
        tags: ['accounts'],
        summary: 'Las sesiones abiertas de tu cuenta: dispositivo, inicio, último uso y cuál es esta',
        response: { 200: envelope(z.array(OpenSessionSchema)), ...meErrors },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      const sessions = await accounts.listSessions(user.id, cookies.read(request)!);
      return ok(
        ME_MESSAGES.sessions,
        sessions.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastUsedAt: s.lastUsedAt.toISOString() })),
      );
    },
  );

  app.post(
    '/api/me/sessions/:id/end',
    {
      schema: {
        operationId: 'endMySession',
        tags: ['accounts'],
        summary: 'Cierra una sesión de tu cuenta (la de este dispositivo también: eso es cerrar sesión)',
        description: 'El id de una sesión que no es de tu cuenta responde 404, igual que uno que no existe.',
        params: z.object({ id: z.uuid(ME_MESSAGES.sessionId) }),
        response: {
          200: envelope(z.object({ current: z.boolean().describe('era la sesión de esta solicitud: ya no hay sesión') })),
          ...meErrors,
          404: ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const ended = await accounts.endSessionById(user.id, request.params.id, cookies.read(request)!);
      if (!ended) throw new NotFoundError(ME_MESSAGES.noSuchSession);
      if (ended.current) cookies.clear(reply);
      return ok(ME_MESSAGES.sessionEnded, ended);
    },
  );
};

export default meRoutes;
