// POST /api/me/delete: a learner deletes their account. In one transaction: PersonForgotten for the learner and
// for every address the account has had (as a lead address too), their keys deleted (the log's personal fields
// become unreadable everywhere), the read models' rows dropped by their projections, the password, sessions,
// links, browsers, mail counts and queued jobs gone, and the confirmation mail queued with an id only.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { learnerStreamId } from '../../../events/accounts/accounts.events';
import { passwordTooLong } from '../../../course/password';
import { addressesToForget, decideErasure, erasureFold } from '../../../events/erasure/erasure';
import { forgottenLeadStreamId } from '../../../events/erasure/erasure.events';
import { InvalidError, UnauthorizedError } from '../../../events/errors';
import { guestBuyerBySubject } from '../../../events/payments/queries';
import { leadBySubject } from '../../../events/leads/queries';
import type { Queryable } from '../../../events/store/types';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import { leadSubject, userSubject } from '../../../events/store/sealing';
import { EMAIL_SEND, type MailJob } from '../../../jobs/email/send-email';
import { envelope, ErrorEnvelope, errorResponses } from '../../http';
import { requireSession, type SessionCookies } from '../../plugins/auth';
import { requestMetadata } from '../../request';
import type { Accounts } from '../accounts/accounts';
import { tooManyFailuresMessage } from '../accounts/routes';
import { verifyPassword } from '../accounts/secrets';
import type { LoginThrottle } from '../accounts/throttle';
import { subjectOfToken } from './forget-link';
import { eraseAccountRecords, eraseLeadRecords, keepNoticeAddress } from './records';

export const ERASURE_MESSAGES = {
  token: 'Este enlace no es válido. Ábrelo tal como llegó en el correo.',
  leadForgotten: 'Listo: olvidamos tu dirección y tu nombre, y no te escribiremos más.',
  leadHasAccount:
    'Esta dirección tiene una cuenta en Manifiesta, así que no la borramos desde aquí. Si quieres que olvidemos todo, elimina tu cuenta desde Mi cuenta (/mi-cuenta).',
  password: 'Escribe tu contraseña para confirmar.',
  badPassword: 'La contraseña no es correcta. No eliminamos nada.',
  deleted: 'Eliminamos tu cuenta y todo lo que escribiste. Te enviamos un último correo de confirmación.',
} as const;

const DeleteBody = z.strictObject({
  password: z
    .string(ERASURE_MESSAGES.password)
    .min(1, ERASURE_MESSAGES.password)
    .refine((p) => !passwordTooLong(p), ERASURE_MESSAGES.password),
});

export interface ErasureDeps {
  store: EventStore;
  pool: Queryable;
  accounts: Accounts;
  cookies: SessionCookies;
  /** The login's throttle: a wrong password here counts as a failed login of the account from this client. */
  throttle: LoginThrottle;
}

const ForgetLeadBody = z.strictObject({ token: z.string(ERASURE_MESSAGES.token).min(1, ERASURE_MESSAGES.token).max(200, ERASURE_MESSAGES.token) });
const ForgetLeadAnswer = envelope(z.object({ hasAccount: z.boolean().describe('la dirección tiene una cuenta: no se borró desde aquí') }));

const erasureRoutes: FastifyPluginAsyncZod<ErasureDeps> = async (app, { store, pool, accounts, cookies, throttle }) => {
  app.post(
    '/api/leads/forget',
    {
      schema: {
        operationId: 'forgetLead',
        tags: ['erasure'],
        summary: 'Olvida una dirección de las descargas y el boletín (enlace de los correos)',
        description:
          'El token del enlace nombra la dirección sin mostrarla. Sin cuenta: la dirección y el nombre dejan de poder leerse y sus filas se borran. Con cuenta: no borra nada y pide eliminar la cuenta desde Mi cuenta. Repetirlo responde lo mismo.',
        body: ForgetLeadBody,
        response: { 200: ForgetLeadAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const subject = await subjectOfToken(store.keyring, request.body.token);
      if (!subject) throw new InvalidError(ERASURE_MESSAGES.token);
      const lead = await leadBySubject(pool, subject);
      // An address that only bought as a guest (never a lead) is forgotten the same way: its purchases keep no address.
      const found = lead ?? (await guestBuyerBySubject(pool, subject));
      if (found?.hasAccount) return { success: true as const, message: ERASURE_MESSAGES.leadHasAccount, data: { hasAccount: true } };
      if (found) {
        await handleCommand(
          store,
          forgottenLeadStreamId(subject),
          erasureFold,
          (state) => ({
            events: decideErasure({ type: 'ForgetLead', subject }, state),
            async alsoInTransaction(tx) {
              await store.keyring.forget(tx, [subject]);
              if (lead) await eraseLeadRecords(tx, { address: lead.email, streamId: lead.streamId });
            },
          }),
          { metadata: requestMetadata(request, 'visitor') },
        );
      }
      return { success: true as const, message: ERASURE_MESSAGES.leadForgotten, data: { hasAccount: false } };
    },
  );

  app.post(
    '/api/me/delete',
    {
      schema: {
        operationId: 'deleteAccount',
        tags: ['erasure'],
        summary: 'Elimina la cuenta de la sesión y todo lo que escribió (pide la contraseña)',
        description:
          'Borra las claves de la persona (sus datos en el historial dejan de poder leerse), sus filas en los modelos de lectura, su contraseña, sus sesiones, enlaces y trabajos pendientes, en una sola transacción; borra la cookie de sesión. Una contraseña incorrecta responde 401 y no escribe nada; los intentos fallidos cuentan como los del inicio de sesión.',
        body: DeleteBody,
        response: { 200: envelope(z.null()), ...errorResponses, 401: ErrorEnvelope, 429: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const attempt = await throttle.admit({ email: user.email, ip: request.ip });
      if ('wait' in attempt) {
        reply.header('retry-after', String(attempt.wait));
        return reply.status(429).send({ success: false as const, message: tooManyFailuresMessage(attempt.wait), data: null });
      }
      const record = await accounts.findByEmail(user.email);
      if (!record || record.id !== user.id || !(await verifyPassword(record.hash, request.body.password)))
        throw new UnauthorizedError(ERASURE_MESSAGES.badPassword);
      await throttle.succeeded(attempt.ticket);

      const subjectOf = await store.keyring.subjectIds();
      const noticeId = randomUUID();
      const notice: MailJob = { kind: 'account-deleted', noticeId };
      await handleCommand(
        store,
        learnerStreamId(user.id),
        erasureFold,
        (state) => {
          const events = decideErasure(
            { type: 'ForgetAccount', user: subjectOf(userSubject(user.id)), currentEmail: user.email, subjectOf: (a) => subjectOf(leadSubject(a)) },
            state,
          );
          const subjects = events.map((e) => (e.data as { subject: string }).subject);
          const addresses = addressesToForget(state, user.email);
          return {
            events,
            jobs: [{ name: EMAIL_SEND, data: notice }],
            async alsoInTransaction(tx) {
              await store.keyring.forget(tx, subjects);
              await eraseAccountRecords(tx, { userId: user.id, addresses });
              await keepNoticeAddress(tx, noticeId, user.email);
            },
          };
        },
        { metadata: requestMetadata(request, user.id) },
      );
      cookies.clear(reply);
      return { success: true as const, message: ERASURE_MESSAGES.deleted, data: null };
    },
  );
};

export default erasureRoutes;
