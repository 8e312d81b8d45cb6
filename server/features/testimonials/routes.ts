// Testimonials: the coach's list, add (only with the client's consent), edit and remove (role 9), and the public
// list of one sales page, each with its optional photo (an image of the coach's library). Removing one deletes its key in the same transaction: its name and text can no longer be
// read anywhere, the log included.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { MAX_TESTIMONIAL_NAME, MAX_TESTIMONIAL_TEXT, TESTIMONIAL_MESSAGES as M, TESTIMONIAL_PAGE_SLUGS } from '../../../course/testimonials';
import { MEDIA_MESSAGES } from '../../../course/media';
import { NotFoundError } from '../../../events/errors';
import { mediaByIds } from '../../../events/media/queries';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import { deterministicUuid, timeOrderedUuid } from '../../../events/store/ids';
import { requestSubject } from '../../../events/store/sealing';
import { decideTestimonials, testimonialsFold, type TestimonialsCommand } from '../../../events/testimonials/testimonials';
import { TESTIMONIALS_STREAM } from '../../../events/testimonials/testimonials.events';
import { allTestimonials, testimonialsOf } from '../../../events/testimonials/queries';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { eventIdFor, keyedWrite } from '../../request';
import { requireCoach } from '../coach/routes';
import { checkLibraryImage, ResponsiveImage, responsiveImage } from '../media/routes';

const coachErrors = { ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope } as const;

const Name = z.string(M.name).trim().min(1, M.name).max(MAX_TESTIMONIAL_NAME, M.nameTooLong).describe('El nombre tal como la persona quiere que aparezca');
const Text = z.string(M.text).trim().min(1, M.text).max(MAX_TESTIMONIAL_TEXT, M.textTooLong);
const Page = z.enum(TESTIMONIAL_PAGE_SLUGS, M.page).describe('La página de venta donde se muestra');
const Id = z.object({ id: z.uuid(M.notFound) });

const Photo = z
  .uuid(MEDIA_MESSAGES.notAnImage)
  .nullable()
  .describe('El id de una imagen de la biblioteca de medios que acompaña el testimonio; null: sin foto');

const PublicTestimonial = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  photo: ResponsiveImage.nullable().describe('La foto de la persona lista para <img>/<picture>; null sin foto'),
});
const SavedTestimonial = z.object({ id: z.string(), name: z.string(), text: z.string(), page: z.enum(TESTIMONIAL_PAGE_SLUGS), photo: z.string().nullable() });
const CoachTestimonial = SavedTestimonial.extend({ createdAt: z.string() });

const testimonialRoutes: FastifyPluginAsyncZod<{ store: EventStore; pool: pg.Pool }> = async (app, { store, pool }) => {
  app.get(
    '/api/testimonials',
    {
      schema: {
        operationId: 'listTestimonials',
        tags: ['testimonials'],
        summary: 'Los testimonios de una página de venta, los más antiguos primero (vacío si no tiene)',
        querystring: z.object({ page: Page }),
        response: { 200: envelope(z.array(PublicTestimonial)), ...errorResponses },
      },
    },
    async (request) => {
      const found = await testimonialsOf(pool, request.query.page);
      const photos = await mediaByIds(
        pool,
        found.flatMap((t) => (t.photo ? [t.photo] : [])),
      );
      const photoOf = (id: string | null) => {
        const media = id ? photos.get(id) : undefined;
        return media ? responsiveImage(media) : null;
      };
      return { success: true as const, message: 'Testimonios.', data: found.map(({ id, name, text, photo }) => ({ id, name, text, photo: photoOf(photo) })) };
    },
  );

  app.get(
    '/api/coach/testimonials',
    {
      schema: {
        operationId: 'coachListTestimonials',
        tags: ['testimonials'],
        summary: 'Todos los testimonios, con su página, los más antiguos primero',
        response: { 200: envelope(z.array(CoachTestimonial)), ...coachErrors },
      },
    },
    async (request) => {
      await requireCoach(request);
      return { success: true as const, message: 'Testimonios.', data: await allTestimonials(pool) };
    },
  );

  /** Runs one command on the testimonials' stream; a removal also deletes the testimonial's key. */
  async function run(request: Parameters<typeof keyedWrite>[0], actor: string, command: TestimonialsCommand) {
    const removing = command.type === 'RemoveTestimonial';
    const subject = removing ? await store.keyring.subjectId(requestSubject(command.testimonialId)) : undefined;
    return handleCommand(
      store,
      TESTIMONIALS_STREAM,
      testimonialsFold,
      (state) => {
        const events = decideTestimonials(command, state);
        return subject && events.length ? { events, alsoInTransaction: (tx) => store.keyring.forget(tx, [subject]) } : { events };
      },
      keyedWrite(request, actor),
    );
  }

  app.post(
    '/api/coach/testimonials',
    {
      schema: {
        operationId: 'coachAddTestimonial',
        tags: ['testimonials'],
        summary: 'Agrega un testimonio real; solo con el consentimiento de la persona (consent: true)',
        body: z.strictObject({
          name: Name,
          text: Text,
          page: Page,
          photo: Photo.optional(),
          consent: z.boolean(M.consent).describe('La persona aceptó que se publique (con su foto, si tiene): sin esto no se guarda'),
        }),
        response: { 200: envelope(SavedTestimonial), ...coachErrors, 409: ErrorEnvelope, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const coach = await requireCoach(request);
      const { consent, ...fields } = request.body;
      await checkLibraryImage(pool, fields.photo);
      const eventId = eventIdFor(request, 0);
      const testimonialId = eventId ? deterministicUuid('testimonial', eventId) : timeOrderedUuid();
      const { state } = await run(request, coach.id, { type: 'AddTestimonial', testimonialId, fields, consent, eventId });
      // As this request left it (a retry answers as the first copy did).
      const saved = state.testimonials[testimonialId];
      if (!saved) throw new NotFoundError(M.notFound);
      return { success: true as const, message: 'Testimonio agregado.', data: saved };
    },
  );

  app.patch(
    '/api/coach/testimonials/:id',
    {
      schema: {
        operationId: 'coachEditTestimonial',
        tags: ['testimonials'],
        summary: 'Cambia el nombre, el texto, la página o la foto de un testimonio (lo que no se envía queda igual; photo: null quita la foto)',
        params: Id,
        body: z.strictObject({ name: Name.optional(), text: Text.optional(), page: Page.optional(), photo: Photo.optional() }),
        response: { 200: envelope(SavedTestimonial), ...coachErrors, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const coach = await requireCoach(request);
      const testimonialId = request.params.id;
      await checkLibraryImage(pool, request.body.photo);
      const { state } = await run(request, coach.id, { type: 'EditTestimonial', testimonialId, changes: request.body, eventId: eventIdFor(request, 0) });
      const saved = state.testimonials[testimonialId];
      if (!saved) throw new NotFoundError(M.notFound);
      return { success: true as const, message: 'Testimonio guardado.', data: saved };
    },
  );

  app.post(
    '/api/coach/testimonials/:id/remove',
    {
      schema: {
        operationId: 'coachRemoveTestimonial',
        tags: ['testimonials'],
        summary: 'Quita un testimonio de su página y olvida su nombre y su texto para siempre (no se puede deshacer)',
        params: Id,
        response: { 200: envelope(z.null()), ...coachErrors, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const coach = await requireCoach(request);
      await run(request, coach.id, { type: 'RemoveTestimonial', testimonialId: request.params.id, eventId: eventIdFor(request, 0) });
      return { success: true as const, message: 'Testimonio eliminado.', data: null };
    },
  );
};

export default testimonialRoutes;
