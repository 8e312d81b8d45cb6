// Password recovery (/api/auth/forgotPassword, /api/auth/resetPassword) and a change of address
// (/api/me/email, /api/auth/confirmEmailChange, /api/auth/undoEmailChange). Every link is mailed by the
// email.send job, which holds ids only and makes the link's token when it writes the mail.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decideAccounts, evolveAccount, initialAccountState, type AccountsCommand } from '../../../events/accounts/accounts';
import { learnerStreamId } from '../../../events/accounts/accounts.events';
import { ConflictError, GoneError, InvalidError, UnauthorizedError } from '../../../events/errors';
import { handleCommand, type Decision } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import type { Queryable } from '../../../events/store/types';
import { EMAIL_SEND, type MailJob } from '../../../jobs/email/send-email';
import { ErrorEnvelope } from '../../http';
import { requireSession, type SessionCookies } from '../../plugins/auth';
import { requestMetadata } from '../../request';
import type { Accounts } from './accounts';
import {
  consumeAccountToken,
  emailChangeRequest,
  endSessionsOf,
  markEmailChangeConfirmed,
  markEmailChangeUndone,
  readAccountToken,
  replacePasswordHash,
  storeEmailChangeRequest,
  voidAccountTokens,
  type TokenPurpose,
} from './account-tokens';
import type { KnownBrowsers } from './browsers';
import { AUTH_MESSAGES, authErrors, emailField, Empty, newPasswordField, passwordField, tooManyFailuresMessage } from './routes';
import { hashPassword, verifyPassword } from './secrets';
import type { LoginThrottle } from './throttle';

export const RECOVERY_MESSAGES = {
  forgotSent:
    'Si esa dirección tiene una cuenta en Manifiesta, te enviamos un correo con un enlace para crear una nueva contraseña. Vale por 1 hora: revisa también la carpeta de spam.',
  passwordReset: 'Listo: guardamos tu nueva contraseña y cerramos todas las sesiones de tu cuenta. Ya puedes iniciar sesión con ella.',
  resetMissing: 'Falta el enlace para crear tu nueva contraseña. Ábrelo desde el correo que te enviamos.',
  resetInvalid: 'Este enlace para crear una nueva contraseña no es válido. Revisa que esté completo, o pide uno nuevo.',
  resetUsed: 'Este enlace ya se usó: con él, o con otro enlace más reciente, ya se creó una nueva contraseña. Si necesitas otra, pide un enlace nuevo.',
  resetExpired: 'Este enlace venció: vale por 1 hora. Pide uno nuevo y úsalo apenas te llegue.',
  wrongPassword: 'La contraseña no es correcta.',
  changeSent: 'Te enviamos un enlace para confirmar tu nuevo correo. Ábrelo en las próximas 24 horas; hasta entonces, tu cuenta sigue con tu correo actual.',
  changeConfirmed: 'Listo: tu cuenta ya usa tu nuevo correo. A partir de ahora, inicia sesión con él.',
  changeMissing: 'Falta el enlace para confirmar tu nuevo correo. Ábrelo desde el correo que te enviamos.',
  changeInvalid: 'Este enlace para confirmar tu nuevo correo no es válido. Revisa que esté completo.',
  changeUsed: 'Este enlace ya se usó, o quedó sin efecto porque tu cuenta cambió después. Si quieres cambiar tu correo, pídelo de nuevo desde tu cuenta.',
  changeExpired: 'Este enlace venció: vale por 24 horas. Pide el cambio de nuevo desde tu cuenta.',
  changeTaken: 'Esa dirección ya pertenece a otra cuenta de Manifiesta, así que no pudimos cambiar tu correo.',
  undone: 'Listo: tu cuenta volvió a tu correo anterior y cerramos todas sus sesiones. Ahora crea una nueva contraseña, por si alguien más la conoce.',
  undoMissing: 'Falta el enlace para deshacer el cambio de correo. Ábrelo desde el correo que te enviamos.',
  undoInvalid: 'Este enlace para deshacer el cambio de correo no es válido. Revisa que esté completo.',
  undoUsed: 'Este enlace ya se usó, o quedó sin efecto porque tu cuenta cambió después.',
  undoExpired: 'Este enlace venció: se podía usar durante 72 horas. Si no reconoces el cambio, crea una nueva contraseña desde tu correo actual.',
  undoTaken: 'Tu correo anterior ahora pertenece a otra cuenta de Manifiesta, así que no pudimos devolvértelo.',
} as const;

/**
 * forgotPassword answers no sooner than this after the request arrived, for an address with an account or without:
 * recording the request and queueing its mail takes a few milliseconds that a stopwatch could otherwise tell apart.
 */
export const FORGOT_PASSWORD_ANSWER_MS = 250;

type TokenMessages = { missing: string; invalid: string; used: string; expired: string };
const RESET: TokenMessages = {
  missing: RECOVERY_MESSAGES.resetMissing,
  invalid: RECOVERY_MESSAGES.resetInvalid,
  used: RECOVERY_MESSAGES.resetUsed,
  expired: RECOVERY_MESSAGES.resetExpired,
};
const CHANGE: TokenMessages = {
  missing: RECOVERY_MESSAGES.changeMissing,
  invalid: RECOVERY_MESSAGES.changeInvalid,
  used: RECOVERY_MESSAGES.changeUsed,
  expired: RECOVERY_MESSAGES.changeExpired,
};
const UNDO: TokenMessages = {
  missing: RECOVERY_MESSAGES.undoMissing,
  invalid: RECOVERY_MESSAGES.undoInvalid,
  used: RECOVERY_MESSAGES.undoUsed,
  expired: RECOVERY_MESSAGES.undoExpired,
};

const tokenField = (m: TokenMessages) => z.string(m.missing).min(1, m.missing).max(200, m.invalid);

const ForgotBody = z.strictObject({ email: emailField(AUTH_MESSAGES.email) });
const ResetBody = z.strictObject({ token: tokenField(RESET), password: newPasswordField(AUTH_MESSAGES.fillAll) });
const ChangeEmailBody = z.strictObject({ newEmail: emailField(AUTH_MESSAGES.fillAll), password: passwordField(AUTH_MESSAGES.fillAll) });
const TokenBody = (m: TokenMessages) => z.strictObject({ token: tokenField(m) });

export interface RecoveryDeps {
  store: EventStore;
  accounts: Accounts;
  cookies: SessionCookies;
  throttle: Pick<LoginThrottle, 'passwordReset' | 'admit' | 'succeeded'>;
  browsers: Pick<KnownBrowsers, 'of'>;
  pool: Queryable;
  config: { RATE_LIMIT_PER_IP: number };
}

/** Postgres' name for the unique index that keeps one account per address. */
const isAddressTaken = (err: unknown) => (err as { constraint?: string }).constraint === 'users_email_key';

const recoveryRoutes: FastifyPluginAsyncZod<RecoveryDeps> = async (app, { store, accounts, cookies, throttle, browsers, pool, config }) => {
  const perIp = { rateLimit: { max: config.RATE_LIMIT_PER_IP, timeWindow: '1 minute' } };
  const fold = { initial: initialAccountState, evolve: evolveAccount };
  const ok = (message: string) => ({ success: true as const, message, data: null });
  const tokenErrors = { ...authErrors, 410: ErrorEnvelope } as const;

  /** One command on the account's stream, with what must commit with its events. */
  const command = (request: FastifyRequest, userId: string, cmd: AccountsCommand, rest: Omit<Decision, 'events'> = {}) =>
    handleCommand(store, learnerStreamId(userId), fold, (state) => ({ events: decideAccounts(cmd, state), ...rest }), {
      metadata: requestMetadata(request, userId),
    });

  /**
   * The link's account, or the Spanish reason it cannot be used: unknown 400, used or expired 410 (the page then
   * offers to ask for a new one).
   */
  const usableToken = async (purpose: TokenPurpose, token: string, m: TokenMessages) => {
    const found = await readAccountToken(pool, purpose, token);
    if (!found) throw new InvalidError(m.invalid);
    if (found.state === 'used') throw new GoneError(m.used);
    if (found.state === 'expired') throw new GoneError(m.expired);
    return found;
  };
  /** Spends the link inside the command's transaction: a second request with it finds it used and writes nothing. */
  const spend = (purpose: TokenPurpose, token: string, m: TokenMessages) => async (tx: Queryable) => {
    if (!(await consumeAccountToken(tx, purpose, token))) throw new GoneError(m.used);
  };

  app.post(
    '/api/auth/forgotPassword',
    {
      config: perIp,
      schema: {
        operationId: 'forgotPassword',
        tags: ['accounts'],
        summary: 'Envía un enlace para crear una nueva contraseña (misma respuesta exista o no la dirección)',
        description:
          'El enlace llega por correo, vale 1 hora y se usa una sola vez. A una misma dirección se envían como mucho MAIL_PER_ADDRESS_PER_HOUR de estos correos por hora; la respuesta es la misma siempre.',
        body: ForgotBody,
        response: { 200: Empty, ...authErrors },
      },
    },
    async (request) => {
      const started = Date.now();
      const user = await accounts.findByEmail(request.body.email);
      if (user) {
        const mail: MailJob = { kind: 'password-reset', userId: user.id };
        await handleCommand(
          store,
          learnerStreamId(user.id),
          fold,
          (state) => ({ events: decideAccounts({ type: 'RequestPasswordReset', userId: user.id }, state), jobs: [{ name: EMAIL_SEND, data: mail }] }),
          { metadata: requestMetadata(request, 'visitor') },
        );
      }
      await sleep(Math.max(0, started + FORGOT_PASSWORD_ANSWER_MS - Date.now()));
      return ok(RECOVERY_MESSAGES.forgotSent);
    },
  );

  app.post(
    '/api/auth/resetPassword',
    {
      config: perIp,
      schema: {
        operationId: 'resetPassword',
        tags: ['accounts'],
        summary: 'Guarda una nueva contraseña con el enlace del correo y cierra todas las sesiones de la cuenta',
        description:
          'Mismas reglas de contraseña que el registro. Un enlace desconocido responde 400; uno ya usado o vencido, 410. Al guardar: los demás enlaces de la cuenta dejan de valer, todas sus sesiones terminan y llega un aviso por correo.',
        body: ResetBody,
        response: { 200: Empty, ...tokenErrors },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const found = await usableToken('password-reset', token, RESET);
      const user = await accounts.findById(found.userId);
      if (!user) throw new InvalidError(RESET.invalid);
      const hash = await hashPassword(password);
      const notice: MailJob = { kind: 'password-changed', userId: user.id };
      await command(
        request,
        user.id,
        { type: 'ResetPassword', userId: user.id },
        {
          alsoInTransaction: async (tx) => {
            await spend('password-reset', token, RESET)(tx);
            await voidAccountTokens(tx, user.id, ['password-reset']);
            await replacePasswordHash(tx, user.id, hash);
            await endSessionsOf(tx, user.id);
          },
          jobs: [{ name: EMAIL_SEND, data: notice }],
        },
      );
      // The new password is stored whatever happens here: a count left behind only makes the owner wait a little.
      await browsers
        .of(user.id)
        .then((knownBrowsers) => throttle.passwordReset({ email: user.email, ip: request.ip, knownBrowsers }))
        .catch((err: unknown) => request.log.warn({ err }, 'login failures not forgotten after a password reset'));
      if (cookies.read(request)) cookies.clear(reply);
      return ok(RECOVERY_MESSAGES.passwordReset);
    },
  );

  app.post(
    '/api/me/email',
    {
      schema: {
        operationId: 'changeEmail',
        tags: ['accounts'],
        summary: 'Pide cambiar el correo de la cuenta: envía un enlace de confirmación a la nueva dirección',
        description:
          'Pide la contraseña actual (401 si no es correcta; nada se escribe; tras varios intentos fallidos, 429 con Retry-After, como el inicio de sesión). Nada cambia hasta que se abre el enlace (24 h). La respuesta es la misma aunque la nueva dirección tenga otra cuenta: entonces no se envía enlace, sino un aviso breve a esa dirección.',
        body: ChangeEmailBody,
        response: { 200: Empty, ...authErrors },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const { newEmail, password } = request.body;
      // The password is guessed here as at the login (by whoever holds a session cookie): the login's waits apply,
      // counted with the login's failures of this account and client.
      const attempt = await throttle.admit({ email: user.email, ip: request.ip });
      if ('wait' in attempt) {
        reply.header('retry-after', String(attempt.wait));
        return reply.status(429).send({ success: false as const, message: tooManyFailuresMessage(attempt.wait), data: null });
      }
      const credentials = await accounts.findByEmail(user.email);
      if (!credentials || credentials.id !== user.id || !(await verifyPassword(credentials.hash, password)))
        throw new UnauthorizedError(RECOVERY_MESSAGES.wrongPassword);
      await throttle.succeeded(attempt.ticket);
      const requestId = randomUUID();
      const mail: MailJob = { kind: 'email-change-confirm', userId: user.id, requestId };
      await command(
        request,
        user.id,
        { type: 'RequestEmailChange', userId: user.id, newEmail, currentEmail: user.email },
        { alsoInTransaction: (tx) => storeEmailChangeRequest(tx, { requestId, userId: user.id, newEmail }), jobs: [{ name: EMAIL_SEND, data: mail }] },
      );
      return ok(RECOVERY_MESSAGES.changeSent);
    },
  );

  app.post(
    '/api/auth/confirmEmailChange',
    {
      config: perIp,
      schema: {
        operationId: 'confirmEmailChange',
        tags: ['accounts'],
        summary: 'Confirma el nuevo correo con el enlace que recibió (un solo uso, vence en 24 h)',
        description:
          'La cuenta pasa a la nueva dirección; las demás sesiones terminan (la de este navegador sigue, si es de la cuenta); la dirección anterior recibe un aviso con un enlace para deshacer el cambio (72 h). Si la dirección pertenece ya a otra cuenta, 409.',
        body: TokenBody(CHANGE),
        response: { 200: Empty, ...tokenErrors },
      },
    },
    async (request) => {
      const { token } = request.body;
      const found = await usableToken('email-change', token, CHANGE);
      const user = await accounts.findById(found.userId);
      const change = found.requestId ? await emailChangeRequest(pool, found.requestId, found.userId) : undefined;
      if (!user || !change) throw new InvalidError(CHANGE.invalid);
      const session = await request.currentSession();
      const keep = session?.user.id === user.id ? cookies.read(request) : undefined;
      const notice: MailJob = { kind: 'email-changed', userId: user.id, requestId: change.requestId };
      const result = await command(
        request,
        user.id,
        { type: 'ConfirmEmailChange', userId: user.id, email: change.newEmail, previousEmail: user.email },
        {
          alsoInTransaction: async (tx) => {
            await spend('email-change', token, CHANGE)(tx);
            // Links sent before to this or another new address, and reset links mailed to the old one, stop working.
            await voidAccountTokens(tx, user.id, ['email-change', 'password-reset']);
            await markEmailChangeConfirmed(tx, change.requestId, user.email);
            await endSessionsOf(tx, user.id, keep);
          },
          jobs: [{ name: EMAIL_SEND, data: notice }],
        },
      ).catch((err: unknown) => {
        throw isAddressTaken(err) ? new ConflictError(RECOVERY_MESSAGES.changeTaken) : err;
      });
      // The account had that address already: nothing to record, but the link is spent.
      if (result.events.length === 0) await spend('email-change', token, CHANGE)(pool);
      return ok(RECOVERY_MESSAGES.changeConfirmed);
    },
  );

  app.post(
    '/api/auth/undoEmailChange',
    {
      config: perIp,
      schema: {
        operationId: 'undoEmailChange',
        tags: ['accounts'],
        summary: 'Deshace un cambio de correo con el enlace enviado a la dirección anterior (un solo uso, vence en 72 h)',
        description:
          'La cuenta vuelve a la dirección anterior, todas sus sesiones terminan y todos sus enlaces pendientes (contraseña, cambios de correo) dejan de valer. Conviene crear después una nueva contraseña desde /recuperar.',
        body: TokenBody(UNDO),
        response: { 200: Empty, ...tokenErrors },
      },
    },
    async (request, reply) => {
      const { token } = request.body;
      const found = await usableToken('email-undo', token, UNDO);
      const user = await accounts.findById(found.userId);
      const change = found.requestId ? await emailChangeRequest(pool, found.requestId, found.userId) : undefined;
      if (!user || !change?.previousEmail) throw new InvalidError(UNDO.invalid);
      const previousEmail = change.previousEmail;
      const result = await command(
        request,
        user.id,
        { type: 'UndoEmailChange', userId: user.id, email: previousEmail, currentEmail: user.email },
        {
          alsoInTransaction: async (tx) => {
            await spend('email-undo', token, UNDO)(tx);
            // Whoever changed the address may have asked for links since: none of them works any more.
            await voidAccountTokens(tx, user.id, ['password-reset', 'email-change', 'email-undo']);
            await markEmailChangeUndone(tx, change.requestId);
            await endSessionsOf(tx, user.id);
          },
        },
      ).catch((err: unknown) => {
        throw isAddressTaken(err) ? new ConflictError(RECOVERY_MESSAGES.undoTaken) : err;
      });
      // Back already (the address was changed back another way): the link is still spent, and the sessions end.
      if (result.events.length === 0) {
        await spend('email-undo', token, UNDO)(pool);
        await endSessionsOf(pool, user.id);
      }
      if (cookies.read(request)) cookies.clear(reply);
      return ok(RECOVERY_MESSAGES.undone);
    },
  );
};

export default recoveryRoutes;
