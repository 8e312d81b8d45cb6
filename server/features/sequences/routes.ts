// The coach's welcome sequences (role 9, decision 0021): per lead magnet its three steps (written, the default
// welcome, or unwritten) with how many leads are in it, left it and got each step; write a step, take out step 2 or
// 3, see a step as the mail before saving, and send it to herself as a test. Each sequence is its own stream
// (sequence-<page>-<section>); the desk reads the `sequence_steps` and `sequence_enrolments` read models.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_STEP_DAYS,
  defaultWelcome,
  SEQUENCE_MESSAGES as M,
  SEQUENCE_SOURCES,
  SEQUENCE_STEPS,
  sequenceSourceOf,
  sequenceUtm,
} from '../../../course/sequences';
import { NotFoundError } from '../../../events/errors';
import { LEAD_PAGES, LEAD_SECTIONS } from '../../../events/leads/leads.events';
import { decideSequence, sequenceFold, type SequenceCommand } from '../../../events/sequences/sequences';
import { sequenceStream, StepFields, StepNumber } from '../../../events/sequences/sequences.events';
import { EXIT_REASONS } from '../../../events/sequences/projections/sequences';
import { sequenceCounts, stepToSend, writtenSteps } from '../../../events/sequences/queries';
import { handleCommand } from '../../../events/store/command';
import { EMAIL_SEND, type MailJob } from '../../../jobs/email/send-email';
import type { AppDeps } from '../../deps';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { eventIdFor, keyedWrite } from '../../request';
import { requireCoach } from '../coach/routes';
import { leadSequenceEmail, previewLinks } from '../leads/emails';
import { testSendLimit } from '../newsletter/letters';

const coachErrors = { ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope } as const;
const writeErrors = { ...coachErrors, ...keyedWriteErrors } as const;

const Source = z.object({ page: z.enum(LEAD_PAGES, { error: M.source }), section: z.enum(LEAD_SECTIONS, { error: M.source }) });
const StepParams = Source.extend({ step: z.coerce.number({ error: M.step }).pipe(StepNumber) });
const StepBody = z.strictObject(StepFields);
const PreviewBody = z.strictObject({ subject: StepFields.subject, markdown: StepFields.markdown });

const Counts = z.object({
  enrolled: z.number().int().describe('Personas que entraron en la secuencia (su primera descarga de este material)'),
  active: z.number().int().describe('Las que siguen en ella'),
  exited: z.object(Object.fromEntries(EXIT_REASONS.map((r) => [r, z.number().int()])) as Record<(typeof EXIT_REASONS)[number], z.ZodNumber>),
  sent: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int() }).describe('Correos puestos en cola por paso'),
});
const CoachStep = z.object({
  step: StepNumber,
  day: z.number().int(),
  subject: z.string().nullable().describe('null: el paso no está escrito y no se envía'),
  markdown: z.string().nullable(),
  written: z.boolean().describe('false en el paso 1: se envía la bienvenida de siempre; en los pasos 2 y 3: no se envía'),
});
const CoachSequence = z.object({
  page: z.string(),
  section: z.string(),
  label: z.string(),
  steps: z.array(CoachStep),
  counts: Counts,
});
export type CoachSequence = z.infer<typeof CoachSequence>;

const Mail = z.object({ subject: z.string(), html: z.string(), text: z.string() });

/** The sequence a path names (the newsletter form has none: 404). */
function sourceOf(params: { page: string; section: string }) {
  const source = sequenceSourceOf(params.page, params.section);
  if (!source) throw new NotFoundError(M.source);
  return source;
}

const sequenceRoutes: FastifyPluginAsyncZod<Pick<AppDeps, 'store' | 'pool' | 'config' | 'jobs'>> = async (app, { store, pool, config, jobs }) => {
  const testSends = testSendLimit(config);

  async function sequences(): Promise<CoachSequence[]> {
    const counts = await sequenceCounts(pool);
    return Promise.all(
      SEQUENCE_SOURCES.map(async (source) => {
        const written = await writtenSteps(pool, source);
        const steps = SEQUENCE_STEPS.map((step) => {
          const text = written[step] ?? (step === 1 ? defaultWelcome(source) : undefined);
          return {
            step,
            day: text?.day ?? DEFAULT_STEP_DAYS[step],
            subject: text?.subject ?? null,
            markdown: text?.markdown ?? null,
            written: Boolean(written[step]),
          };
        });
        return { page: source.page, section: source.section, label: source.label, steps, counts: counts.get(`${source.page}|${source.section}`)! };
      }),
    );
  }
  const one = async (source: { page: string; section: string }) => (await sequences()).find((s) => s.page === source.page && s.section === source.section)!;

  /** Runs one command on the sequence the path names, as the coach; says what it did (or found done) and how the sequence is now. */
  async function change(request: FastifyRequest & { params: { page: string; section: string } }, command: SequenceCommand, done: string, already: string) {
    const coach = await requireCoach(request);
    const source = sourceOf(request.params);
    const result = await handleCommand(
      store,
      sequenceStream(source.page, source.section),
      sequenceFold,
      (state) => ({ events: decideSequence({ ...command, eventId: eventIdFor(request, 0) }, state) }),
      keyedWrite(request, coach.id),
    );
    return { success: true as const, message: result.events.length ? done : already, data: await one(source) };
  }

  app.get(
    '/api/coach/sequences',
    {
      schema: {
        operationId: 'coachListSequences',
        tags: ['newsletter'],
        summary: 'Las secuencias de bienvenida de cada descarga: sus tres correos y cuántas personas están en cada una',
        response: { 200: envelope(z.array(CoachSequence)), ...coachErrors },
      },
    },
    async (request) => {
      await requireCoach(request);
      return { success: true as const, message: 'Secuencias.', data: await sequences() };
    },
  );

  app.put(
    '/api/coach/sequences/:page/:section/steps/:step',
    {
      schema: {
        operationId: 'coachWriteSequenceStep',
        tags: ['newsletter'],
        summary: 'Guarda un correo de la secuencia: su asunto, su texto y su día',
        description:
          'El paso 1 es la bienvenida inmediata (día 0); los pasos 2 y 3 salen entre el día 1 y el 30 después de la descarga, en orden. Un paso guardado después de su momento llega a quien lo tenía en las últimas 24 horas, no antes.',
        params: StepParams,
        body: StepBody,
        response: { 200: envelope(CoachSequence), ...writeErrors },
      },
    },
    async (request) =>
      change(request, { type: 'WriteStep', step: request.params.step, text: request.body }, 'Correo guardado.', 'No había cambios que guardar.'),
  );

  app.delete(
    '/api/coach/sequences/:page/:section/steps/:step',
    {
      schema: {
        operationId: 'coachClearSequenceStep',
        tags: ['newsletter'],
        summary: 'Quita el paso 2 o 3 de la secuencia: deja de enviarse',
        params: StepParams,
        response: { 200: envelope(CoachSequence), ...writeErrors },
      },
    },
    async (request) =>
      change(request, { type: 'ClearStep', step: request.params.step }, 'Quitaste ese correo: ya no se envía.', 'Ese correo no estaba escrito.'),
  );

  app.post(
    '/api/coach/sequences/preview',
    {
      schema: {
        operationId: 'coachPreviewSequenceStep',
        tags: ['newsletter'],
        summary: 'Un correo de la secuencia tal como se verá, con tu nombre como saludo, sin guardar nada',
        body: PreviewBody,
        response: { 200: envelope(Mail), ...coachErrors },
      },
    },
    async (request) => {
      const coach = await requireCoach(request);
      const mail = leadSequenceEmail(
        { email: coach.email, nick: coach.username },
        request.body,
        sequenceUtm({ page: 'preview', section: 'step' }, 1),
        config.publicUrl,
        previewLinks(config.publicUrl),
      );
      return { success: true as const, message: 'Vista previa.', data: { subject: mail.subject, html: mail.html ?? '', text: mail.text } };
    },
  );

  app.post(
    '/api/coach/sequences/:page/:section/steps/:step/test',
    {
      schema: {
        operationId: 'coachTestSequenceStep',
        tags: ['newsletter'],
        summary: 'Envía el correo guardado a tu propio correo, con el asunto «[Prueba] …»',
        description: 'A lo sumo MAIL_PER_ADDRESS_PER_HOUR pruebas por hora (429 después). Un paso 2 o 3 sin escribir responde 409.',
        params: StepParams,
        response: { 202: envelope(z.object({ queued: z.literal(true) })), ...coachErrors, 409: ErrorEnvelope, 429: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const coach = await requireCoach(request);
      const source = sourceOf(request.params);
      const { step } = request.params;
      if (!(await stepToSend(pool, source, step))) {
        reply.code(409);
        return { success: false as const, message: M.unwritten, data: null };
      }
      const refused = testSends(coach.id, reply);
      if (refused) return refused;
      const job: MailJob = { kind: 'sequence-test', userId: coach.id, page: source.page, section: source.section, step };
      await jobs.send(EMAIL_SEND, job);
      reply.code(202);
      return { success: true as const, message: 'Te enviamos una prueba a tu correo. Llega en unos minutos.', data: { queued: true as const } };
    },
  );
};

export default sequenceRoutes;
