// /api/auth/*: signup with e-mail verification, login into a server-side session, who-am-I, logout.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decideAccounts, evolveAccount, initialAccountState, type AccountsCommand } from '../../../events/accounts/accounts';
import { learnerStreamId, MIN_PASSWORD } from '../../../events/accounts/accounts.events';
import { PASSWORD_MESSAGES, passwordTooLong } from '../../../course/password';
import { ForbiddenError, InvalidError, UnauthorizedError } from '../../../events/errors';
import { EMAIL_PATTERN, MAX_EMAIL, NAME_MESSAGE, plainName } from '../../../course/contact';
import { MAX_REDIRECT_LENGTH, safeRedirectPath } from '../../../course/redirect';
import { visitorIdOf } from '../leads/visitor';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import type { Queryable } from '../../../events/store/types';
import { deterministicUuid } from '../../../events/store/ids';
import type { Jobs } from '../../../jobs/boss';
import { EMAIL_SEND, type MailJob } from '../../../jobs/email/send-email';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { NO_SESSION_MESSAGE, requireSession, type SessionCookies } from '../../plugins/auth';
import { eventIdFor, keyedWrite, requestMetadata } from '../../request';
import type { Accounts } from './accounts';
import type { DeviceCookie, KnownBrowsers } from './browsers';
import { deviceLabel } from './device';
import { hashPassword, newToken, verifyPassword } from './secrets';
import type { LoginThrottle } from './throttle';

export const AUTH_MESSAGES = {
  fillAll: 'Por favor, completa todos los campos.',
  fillBoth: 'Por favor, completa ambos campos.',
  email: 'Ingresa un email válido.',
  username: NAME_MESSAGE,
  passwordShort: PASSWORD_MESSAGES.short,
  passwordLong: PASSWORD_MESSAGES.long,
  registered: 'Registro exitoso. Te enviamos un correo para activar tu cuenta.',
  badCredentials: 'Email o contraseña incorrectos.',
  notVerified: 'Todavía no activaste tu cuenta. Revisa tu correo o pide un nuevo enlace de verificación.',
  loggedIn: 'Sesión iniciada.',
  loggedOut: 'Sesión cerrada.',
  refreshed: 'Sesión renovada.',
  me: 'Sesión activa.',
  verified: '¡Tu cuenta ha sido activada! Ya puedes iniciar sesión.',
  tokenMissing: 'No se encontró un token de verificación en la URL.',
  tokenInvalid: 'El enlace de verificación no es válido. Revisa que esté completo o pide uno nuevo.',
  tokenUsed: 'Este enlace ya fue usado. Si tu cuenta está activa, ya puedes iniciar sesión.',
  tokenExpired: 'El enlace de verificación venció. Pide uno nuevo desde la página de inicio de sesión.',
  resent: 'Si la dirección está registrada y aún no fue activada, te enviamos un nuevo enlace de verificación.',
  redirect: 'La página a la que volver no es una dirección de este sitio.',
} as const;

/** The answer to a login that must wait: the same whatever was counted, and whether or not the account exists. */
export function tooManyFailuresMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? (seconds === 1 ? '1 segundo' : `${seconds} segundos`) : minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  return `Demasiados intentos fallidos. Espera ${wait} y vuelve a intentarlo.`;
}

/**
 * The name the account is greeted by: a plain name (letters of any language, spaces, apostrophes, hyphens; 2 to 40
 * characters), stored normalised. Not unique: login is by e-mail.
 */
export const displayNameField = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .refine((name) => plainName(name) !== null, AUTH_MESSAGES.username)
    .transform((name) => plainName(name)!);

export const passwordField = (required: string) =>
  z
    .string(required)
    .min(1, required)
    .refine((p) => !passwordTooLong(p), AUTH_MESSAGES.passwordLong);

export const emailField = (required: string) =>
  z.string(required).trim().min(1, required).max(MAX_EMAIL, AUTH_MESSAGES.email).regex(EMAIL_PATTERN, AUTH_MESSAGES.email);

/** The rules of a new password, wherever one is chosen (signup, a reset link). */
export const newPasswordField = (required: string) => passwordField(required).refine((p) => p.length >= MIN_PASSWORD, AUTH_MESSAGES.passwordShort);

/** Where the verification link brings the person back to after login: a path of this site only. */
const redirectField = z
  .string(AUTH_MESSAGES.redirect)
  .max(MAX_REDIRECT_LENGTH, AUTH_MESSAGES.redirect)
  .refine((path) => safeRedirectPath(path) !== null, AUTH_MESSAGES.redirect)
  .optional();

const SignupBody = z.strictObject({
  username: displayNameField(AUTH_MESSAGES.fillAll),
  email: emailField(AUTH_MESSAGES.fillAll),
  password: newPasswordField(AUTH_MESSAGES.fillAll),
  redirect: redirectField,
});

const LoginBody = z.strictObject({ email: emailField(AUTH_MESSAGES.fillBoth), password: passwordField(AUTH_MESSAGES.fillBoth) });

const ResendBody = z.strictObject({ email: emailField(AUTH_MESSAGES.email), redirect: redirectField });

export const UserSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    email: z.string(),
    profileImage: z.string().nullable(),
    roles: z.array(z.number().int()).describe('7 = premium, 9 = coach'),
  })
  .meta({ id: 'User' });

/** The signed-in user, and how long the session has left: the browser renews it in time while its learner is active. */
const SessionUserSchema = UserSchema.extend({
  session: z.object({
    expiresInSeconds: z.number().int().describe('segundos hasta el fin absoluto de la sesión (SESSION_MAX_DAYS)'),
    idleTimeoutSeconds: z.number().int().describe('segundos sin uso tras los que la sesión termina (SESSION_IDLE_HOURS)'),
  }),
}).meta({ id: 'SessionUser' });

export const Empty = envelope(z.null());
const WithSessionUser = envelope(SessionUserSchema);
export const authErrors = { ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope, 409: ErrorEnvelope } as const;

export interface AuthDeps {
  store: EventStore;
  accounts: Accounts;
  cookies: SessionCookies;
  /** Failed logins, counted per account and client, per address and per account. */
  throttle: LoginThrottle;
  /** The browsers each account has signed in from, and the device cookie that recognises them. */
  browsers: KnownBrowsers;
  deviceCookie: DeviceCookie;
  /** For the one mail that no event causes: the note to an address's owner that someone tried to sign up with it. */
  jobs: Pick<Jobs, 'send'>;
  config: { RATE_LIMIT_PER_IP: number };
}

const authRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, { store, accounts, cookies, throttle, browsers, deviceCookie, jobs, config }) => {
  const perIp = { rateLimit: { max: config.RATE_LIMIT_PER_IP, timeWindow: '1 minute' } };
  const fold = { initial: initialAccountState, evolve: evolveAccount };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

  app.post(
    '/api/auth/signup',
    {
      config: perIp,
      schema: {
        operationId: 'signup',
        tags: ['accounts'],
        summary: 'Crea una cuenta y envía el correo de verificación (no inicia sesión)',
        description:
          'Con una dirección que ya tiene cuenta responde exactamente lo mismo, no crea nada y avisa por correo a quien tiene esa cuenta: la respuesta no dice qué direcciones están registradas. El nombre no es único: se inicia sesión con el correo.',
        body: SignupBody,
        response: { 200: Empty, ...authErrors, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const { username, email, password, redirect } = request.body;
      const eventId = eventIdFor(request, 0);
      // With an Idempotency-Key the account id comes from it, so a retried signup finds its own stream.
      const userId = eventId ? deterministicUuid('signup', eventId) : randomUUID();
      // Hashed whether or not the address has an account: both answers take the same work.
      const passwordHash = await hashPassword(password);
      /**
       * The address has an account (not this request's own, retried): the answer is a new signup's, word for
       * word, so that signup tells no one which addresses have an account. Nothing is written; the owner
       * gets a note.
       */
      const answerForOwner = async (ownerId: string) => {
        const note: MailJob = { kind: 'signup-attempt', userId: ownerId };
        await jobs.send(EMAIL_SEND, note, eventId ? { id: deterministicUuid('signup-attempt', eventId) } : {});
        return ok(AUTH_MESSAGES.registered, null);
      };
      const owner = await accounts.findByEmail(email);
      if (owner && owner.id !== userId) return answerForOwner(owner.id);
      const verification: MailJob = { kind: 'account-verification', userId, ...(redirect ? { redirect } : {}) };
      const command: AccountsCommand = { type: 'Register', userId, username, email, visitorId: visitorIdOf(request), eventId };
      try {
        await handleCommand(
          store,
          learnerStreamId(userId),
          fold,
          (state) => ({
            events: decideAccounts(command, state),
            alsoInTransaction: (tx) => accounts.storeCredentials(tx, userId, passwordHash),
            // The worker issues the link's token when it sends: the job holds the account's id, nothing else.
            jobs: [{ name: EMAIL_SEND, data: verification }],
          }),
          { ...keyedWrite(request, 'visitor'), retries: 0 },
        );
      } catch (err) {
        const constraint = (err as { constraint?: string }).constraint;
        if (constraint === 'users_email_key') {
          // Another signup with this address won the race: its account is the one to tell.
          const winner = await accounts.findByEmail(email);
          if (winner) return answerForOwner(winner.id);
        }
        throw err;
      }
      return ok(AUTH_MESSAGES.registered, null);
    },
  );

  app.get(
    '/api/auth/verifyEmail',
    {
      schema: {
        operationId: 'verifyEmail',
        tags: ['accounts'],
        summary: 'Activa la cuenta con el enlace del correo (un solo uso, vence en 24 h)',
        querystring: z.object({ token: z.string(AUTH_MESSAGES.tokenMissing).min(1, AUTH_MESSAGES.tokenMissing).max(200, AUTH_MESSAGES.tokenInvalid) }),
        response: { 200: Empty, ...authErrors },
      },
    },
    async (request) => {
      const { token } = request.query;
      const found = await accounts.readVerificationToken(token);
      if (!found) throw new InvalidError(AUTH_MESSAGES.tokenInvalid);
      if (found.state === 'used') throw new InvalidError(AUTH_MESSAGES.tokenUsed);
      if (found.state === 'expired') throw new InvalidError(AUTH_MESSAGES.tokenExpired);
      const consume = async (tx?: Queryable) => {
        if (!(await accounts.consumeVerificationToken(token, tx))) throw new InvalidError(AUTH_MESSAGES.tokenUsed);
      };
      const result = await handleCommand(
        store,
        learnerStreamId(found.userId),
        fold,
        (state) => ({ events: decideAccounts({ type: 'Verify', userId: found.userId }, state), alsoInTransaction: consume }),
        { metadata: requestMetadata(request, found.userId) },
      );
      // Already verified (a second link): nothing to record, but the link is still spent.
      if (result.events.length === 0) await consume();
      return ok(AUTH_MESSAGES.verified, null);
    },
  );

  app.post(
    '/api/auth/resendVerification',
    {
      config: perIp,
      schema: {
        operationId: 'resendVerification',
        tags: ['accounts'],
        summary: 'Envía un nuevo enlace de verificación (misma respuesta exista o no la dirección)',
        body: ResendBody,
        response: { 200: Empty, ...authErrors },
      },
    },
    async (request) => {
      const user = await accounts.findByEmail(request.body.email);
      if (user) {
        const { redirect } = request.body;
        const verification: MailJob = { kind: 'account-verification', userId: user.id, ...(redirect ? { redirect } : {}) };
        await handleCommand(
          store,
          learnerStreamId(user.id),
          fold,
          (state) => ({ events: decideAccounts({ type: 'RequestVerification', userId: user.id }, state), jobs: [{ name: EMAIL_SEND, data: verification }] }),
          { metadata: requestMetadata(request, 'visitor') },
        );
      }
      return ok(AUTH_MESSAGES.resent, null);
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: perIp,
      schema: {
        operationId: 'login',
        tags: ['accounts'],
        summary: 'Inicia sesión: crea una sesión nueva y la guarda en una cookie httpOnly',
        description:
          'Tras varios intentos fallidos desde una misma conexión (para una cuenta, o para cualquiera) el siguiente espera: 429 con Retry-After, cada vez el doble, con un máximo. La contraseña correcta desde una conexión o un navegador que no viene fallando nunca se rechaza. Un navegador que la cuenta no había usado recibe una cookie de dispositivo y la cuenta un aviso por correo.',
        body: LoginBody,
        response: { 200: WithSessionUser, ...authErrors },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Every step up to the password's check takes the same work for an address with or without an account.
      const record = await accounts.findByEmail(email);
      const device = deviceCookie.read(request);
      const knownBrowser = await browsers.known(record?.id, device);
      const attempt = await throttle.admit({ email, ip: request.ip, knownBrowser });
      if ('wait' in attempt) {
        // Answered at once: the client is told how long to wait rather than kept waiting.
        reply.header('retry-after', String(attempt.wait));
        return reply.status(429).send({ success: false as const, message: tooManyFailuresMessage(attempt.wait), data: null });
      }
      // The attempt already counts as a failure: a wrong password or an unknown address leaves it so.
      if (!(await verifyPassword(record?.hash, password)) || !record) throw new UnauthorizedError(AUTH_MESSAGES.badCredentials);
      await throttle.succeeded(attempt.ticket);
      if (!record.verified) throw new ForbiddenError(AUTH_MESSAGES.notVerified);
      const previous = cookies.read(request);
      if (previous) await accounts.endSession(previous);
      // One label for both: the session list shows it, and the known browsers' notice names it.
      const label = deviceLabel(request.headers['user-agent']);
      cookies.set(reply, await accounts.startSession(record.id, label));
      const token = device ?? newToken();
      await browsers.signedIn(record.id, token, label);
      deviceCookie.set(reply, token);
      return ok(AUTH_MESSAGES.loggedIn, { ...accounts.toUser(record), session: accounts.newSessionTimes() });
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: { operationId: 'logout', tags: ['accounts'], summary: 'Cierra la sesión en el servidor', response: { 200: Empty, ...authErrors } },
    },
    async (request, reply) => {
      const token = cookies.read(request);
      if (token) await accounts.endSession(token);
      cookies.clear(reply);
      return ok(AUTH_MESSAGES.loggedOut, null);
    },
  );

  app.post(
    '/api/auth/refreshToken',
    {
      schema: {
        operationId: 'refreshToken',
        tags: ['accounts'],
        summary: 'Renueva la sesión: una nueva cookie, la anterior deja de valer',
        response: { 200: WithSessionUser, ...authErrors },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const renewed = await accounts.renewSession(cookies.read(request)!);
      // Renewed meanwhile by another request with the same cookie (another tab): this one holds an old token.
      if (!renewed) throw new UnauthorizedError(NO_SESSION_MESSAGE);
      cookies.set(reply, renewed);
      return ok(AUTH_MESSAGES.refreshed, { ...user, session: accounts.newSessionTimes() });
    },
  );

  app.get(
    '/api/auth/verifyToken',
    {
      schema: {
        operationId: 'verifyToken',
        tags: ['accounts'],
        summary: 'Quién soy: el usuario de la sesión',
        response: { 200: WithSessionUser, ...authErrors },
      },
    },
    async (request) => {
      const { user, times } = await requireSession(request);
      return ok(AUTH_MESSAGES.me, { ...user, session: times });
    },
  );
};

export default authRoutes;
