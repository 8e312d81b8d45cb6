// Sending a letter (decision 0020), for the coach (role 9): send now or at a time, pause, resume, cancel. Each
// writes the letter's send stream (letter-send-<letterId>) and enqueues its jobs in the same transaction: the
// fan-out at the send's time, the batches again on resume. The counts are letterSendStats, shown with the letter.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { LETTER_SEND_MESSAGES as M, scheduleProblem, SEND_STATES } from '../../../course/letter-sends';
import { InvalidError, NotFoundError } from '../../../events/errors';
import type { LetterSendCommand } from '../../../events/letter-sends/letter-sends';
import { letterSendStats } from '../../../events/letter-sends/queries';
import { loadLetter } from '../../../events/newsletter/queries';
import type { EventStore } from '../../../events/store/event-store';
import { deterministicUuid, timeOrderedUuid } from '../../../events/store/ids';
import { runLetterSendCommand } from '../../../jobs/newsletter/send-letter';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { eventIdFor, keyedWrite } from '../../request';
import { requireCoach } from '../coach/routes';

/** The send's state and counts, as GET /api/coach/letters/{id} shows them under `send`. */
export const LetterSendView = z.object({
  sendId: z.string(),
  scheduledAt: z.string().describe('Cuándo sale (o salió) el envío, ISO 8601'),
  state: z.enum(SEND_STATES),
  total: z.number().describe('Suscriptoras a quienes iba la carta'),
  sent: z.number(),
  failed: z.number(),
  queued: z.number().describe('Por salir (o saliendo)'),
  skipped: z.number().describe('No enviadas: se dieron de baja antes de su turno, o el envío se canceló'),
  unsubscribedAfter: z.number().describe('Se dieron de baja con el enlace de esta carta'),
  completedAt: z.string().nullable(),
});

const coachErrors = {
  ...errorResponses,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  ...keyedWriteErrors,
} as const;
const Id = z.object({ id: z.uuid(M.letterNotFound) });
const SendBody = z.strictObject({
  at: z
    .string(M.atInvalid)
    .max(40, M.atInvalid)
    .optional()
    .describe(`Cuándo enviarla (ISO 8601 con zona horaria), en el futuro y a lo sumo a 60 días; sin él, ahora`),
});

const sendRoutes: FastifyPluginAsyncZod<{
  store: EventStore;
  pool: pg.Pool;
}> = async (app, { store, pool }) => {
  /** Runs a command on the letter's send stream (with its jobs and writes, jobs/newsletter); answers the send's counts. */
  async function run(request: Parameters<typeof keyedWrite>[0], actor: string, letterId: string, command: LetterSendCommand) {
    await runLetterSendCommand(store, pool, letterId, command, keyedWrite(request, actor));
    const stats = await letterSendStats(pool, letterId);
    if (!stats) throw new NotFoundError(M.noSend);
    return stats;
  }

  app.post(
    '/api/coach/letters/:id/send',
    {
      schema: {
        operationId: 'coachSendLetter',
        tags: ['newsletter'],
        summary: 'Envía la carta a las suscriptoras confirmadas, ahora o en un momento (at); una sola vez por carta',
        description:
          'Lo que sale es la carta tal como está ahora (título, slug y texto): editarla después no cambia el envío. Una carta ya enviada, o con un envío programado o en curso, responde 409; tras cancelar un envío se puede programar otro, y nadie la recibe dos veces.',
        params: Id,
        body: SendBody,
        response: { 200: envelope(LetterSendView), ...coachErrors },
      },
    },
    async (request) => {
      const coach = await requireCoach(request);
      const { at } = request.body;
      const problem = scheduleProblem(at, Date.now());
      if (problem) throw new InvalidError(problem);
      const letterId = request.params.id;
      const letter = await loadLetter(pool, letterId);
      if (!letter) throw new NotFoundError(M.letterNotFound);
      const eventId = eventIdFor(request, 0);
      const sendId = eventId ? deterministicUuid('letter-send', eventId) : timeOrderedUuid();
      const when = at ? new Date(at) : new Date();
      const stats = await run(request, coach.id, letterId, {
        type: 'Schedule',
        sendId,
        letterId,
        letter,
        at: when,
        eventId,
      });
      return {
        success: true as const,
        message: at ? M.scheduled : M.sendingNow,
        data: stats,
      };
    },
  );

  // Pause, resume, cancel: the same shape, each its own command and words.
  const ACTS = [
    {
      act: 'pause',
      type: 'Pause',
      operationId: 'coachPauseLetterSend',
      summary: 'Pausa el envío de la carta: nadie más la recibe hasta reanudarlo (quien ya la recibió, la tiene)',
      message: M.paused,
    },
    { act: 'resume', type: 'Resume', operationId: 'coachResumeLetterSend', summary: 'Reanuda un envío pausado desde donde quedó', message: M.resumed },
    {
      act: 'cancel',
      type: 'Cancel',
      operationId: 'coachCancelLetterSend',
      summary: 'Cancela el envío: quien todavía no recibió la carta ya no la recibe',
      message: M.cancelled,
    },
  ] as const;
  for (const { act, type, operationId, summary, message } of ACTS) {
    app.post(
      `/api/coach/letters/:id/send/${act}`,
      { schema: { operationId, tags: ['newsletter'], summary, params: Id, response: { 200: envelope(LetterSendView), ...coachErrors } } },
      async (request) => {
        const coach = await requireCoach(request);
        return { success: true as const, message, data: await run(request, coach.id, request.params.id, { type, eventId: eventIdFor(request, 0) }) };
      },
    );
  }
};

export default sendRoutes;
