// Deep-why AI questions: asked through the job queue and answered by polling; answered at once with the
// fallback text when no AI is configured or the provider is known to be down. Recorded for learners.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { areaById, AREA_IDS } from '../../../course/areas';
import { MAX_ANSWER, WHY_LEVELS } from '../../../course/deep-why';
import { AREA_BELIEFS_ACTIVITY, AREA_VISION_ACTIVITY } from '../../../course/activities';
import { learnerStreamId } from '../../../events/accounts/accounts.events';
import { decideDeepWhy, type DeepWhyCommand } from '../../../events/deep-why/deep-why';
import { NotFoundError } from '../../../events/errors';
import { learnerFold } from '../../../events/learner';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import type { Queryable } from '../../../events/store/types';
import { deterministicUuid } from '../../../events/store/ids';
import { areaTextsOf } from '../../../events/wheel/queries';
import { AI_WHY_QUESTION, fallbackOnly, type WhyQuestion, type WhyQuestionJob, type WhyQuestionTexts } from '../../../jobs/deep-why/why-question';
import type { Jobs } from '../../../jobs/boss';
import { envelope, ErrorEnvelope, errorResponses } from '../../http';
import type { AiFallbackReason } from '../../../jobs/metrics';
import type { AiAvailability } from './ai-availability';

/**
 * A learner's question, in their stream: one event per question id (its event id comes from it), also
 * when a job is retried. `origin` says who made it: the worker ('ai') or the request itself ('fallback').
 */
export async function recordWhyQuestion(store: EventStore, job: WhyQuestionJob, q: WhyQuestion, origin: 'ai' | 'fallback' = 'ai'): Promise<void> {
  const { userId, questionId, areaId, levelIndex } = job;
  if (!userId) return;
  const { question, source, model, promptVersion } = q;
  const command: DeepWhyCommand = {
    type: 'RecordQuestion',
    userId,
    questionId,
    areaId,
    levelIndex,
    question,
    source,
    model,
    promptVersion,
    eventId: deterministicUuid('why-question', questionId),
  };
  await handleCommand(store, learnerStreamId(userId), learnerFold, (s) => ({ events: decideDeepWhy(command, s) }), { metadata: { actor: userId, origin } });
}

/** Where a queued question's texts wait for its worker (the job holds ids only): why_question_inputs. */
export function whyQuestionTexts(db: Queryable) {
  return {
    async keep(questionId: string, userId: string | null, texts: WhyQuestionTexts): Promise<void> {
      await db.query('INSERT INTO why_question_inputs (question_id, user_id, previous_answer, current_text, future_text) VALUES ($1, $2, $3, $4, $5)', [
        questionId,
        userId,
        texts.previousAnswer ?? null,
        texts.currentText ?? null,
        texts.futureText ?? null,
      ]);
    },
    async of(questionId: string): Promise<WhyQuestionTexts | undefined> {
      const { rows } = await db.query<{ previous_answer: string | null; current_text: string | null; future_text: string | null }>(
        'SELECT previous_answer, current_text, future_text FROM why_question_inputs WHERE question_id = $1',
        [questionId],
      );
      const row = rows[0];
      return row && { previousAnswer: row.previous_answer, currentText: row.current_text, futureText: row.future_text };
    },
    async forget(questionId: string): Promise<void> {
      await db.query('DELETE FROM why_question_inputs WHERE question_id = $1', [questionId]);
    },
  };
}

const NOT_FOUND = 'No encontramos esa pregunta.';

const AskBody = z.strictObject({
  areaId: z.enum(AREA_IDS, 'Área desconocida.'),
  levelIndex: z
    .number()
    .int()
    .min(0)
    .max(WHY_LEVELS - 1),
  previousAnswer: z.string().max(MAX_ANSWER).optional(),
  // Guests send their own texts (kept in their browser); a learner's come from the server.
  currentText: z.string().max(10_000).optional(),
  futureText: z.string().max(10_000).optional(),
});

const Question = z.object({ status: z.enum(['pending', 'done']), question: z.string().nullable(), source: z.enum(['ai', 'fallback']).nullable() });

type Deps = {
  jobs: Pick<Jobs, 'send' | 'getJob'>;
  pool: pg.Pool;
  store: EventStore;
  ai: AiAvailability;
  perIp: number;
  /** Told when a question is answered with the fixed texts without asking (the operator's metrics). */
  onFallback: (reason: AiFallbackReason) => void;
};

export const whyQuestionRoutes: FastifyPluginAsyncZod<Deps> = async (app, { jobs, pool, store, ai, perIp, onFallback }) => {
  const texts = whyQuestionTexts(pool);
  app.post(
    '/api/activity/deepWhy/question',
    {
      config: { rateLimit: { max: perIp, timeWindow: '1 minute' } },
      schema: {
        operationId: 'askWhyQuestion',
        tags: ['deep-why'],
        summary:
          'Pide la siguiente pregunta del porqué: lista en la respuesta cuando no hay IA disponible (texto de respaldo); si no, pendiente hasta que el servidor la genere (consultar con GET)',
        body: AskBody,
        response: { 200: envelope(Question.extend({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      const { areaId, levelIndex, previousAnswer } = request.body;
      let { currentText, futureText } = request.body;
      if (user) {
        const texts = await areaTextsOf(pool, user.id, { areaId });
        currentText = texts.find((t) => t.activityId === AREA_BELIEFS_ACTIVITY)?.definition;
        futureText = texts.find((t) => t.activityId === AREA_VISION_ACTIVITY)?.definition;
      }
      const questionId = randomUUID();
      const data: WhyQuestionJob = { userId: user?.id ?? null, questionId, areaId, areaTitle: areaById(areaId)!.title, levelIndex };
      const input = { ...data, previousAnswer, currentText, futureText };
      if (!ai.available()) {
        // Nobody to wait for: the fallback now, recorded like any other question.
        onFallback(ai.configured ? 'circuit_open' : 'no_key');
        const q = fallbackOnly(input);
        await recordWhyQuestion(store, data, q, 'fallback');
        return { success: true as const, message: 'Tu pregunta.', data: { id: questionId, status: 'done' as const, question: q.question, source: q.source } };
      }
      // The texts wait in the database, the job carries ids: a job (or its dead letter) holds nothing a person wrote.
      await texts.keep(questionId, data.userId, input);
      await jobs.send(AI_WHY_QUESTION, data, { id: questionId });
      return {
        success: true as const,
        message: 'Preparando tu pregunta...',
        data: { id: questionId, status: 'pending' as const, question: null, source: null },
      };
    },
  );

  app.get(
    '/api/activity/deepWhy/question/:id',
    {
      schema: {
        operationId: 'getWhyQuestion',
        tags: ['deep-why'],
        summary: 'La pregunta pedida: pendiente, o lista con su origen (IA o texto de respaldo)',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: envelope(Question), ...errorResponses, 404: ErrorEnvelope },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new NotFoundError(NOT_FOUND);
      const job = await jobs.getJob(AI_WHY_QUESTION, id);
      const user = await request.currentUser();
      const data = job?.data as WhyQuestionJob | undefined;
      // Only the learner who asked (or, for a guest's question, whoever holds its unguessable id).
      if (!job || !data || (data.userId && data.userId !== user?.id)) throw new NotFoundError(NOT_FOUND);
      if (job.state === 'completed') {
        const q = job.output as WhyQuestion;
        ai.observe(id, q.provider);
        return { success: true as const, message: 'Tu pregunta.', data: { status: 'done' as const, question: q.question, source: q.source } };
      }
      if (job.state === 'failed' || job.state === 'cancelled') {
        // A failed job never blocks the learner: the fixed fallback question answers instead.
        const q = fallbackOnly({ ...data, ...(await texts.of(id)) });
        return { success: true as const, message: 'Tu pregunta.', data: { status: 'done' as const, question: q.question, source: q.source } };
      }
      return { success: true as const, message: 'Preparando tu pregunta...', data: { status: 'pending' as const, question: null, source: null } };
    },
  );
};
