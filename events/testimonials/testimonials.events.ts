// Testimonials: the coach adds what a client wrote, with the client's consent, edits it and removes it. The name
// and the text are the client's personal data, sealed with a key of the testimonial's own: removing it deletes
// that key, so the text is forgotten in the log too.
import { z } from 'zod';
import { MAX_TESTIMONIAL_NAME, MAX_TESTIMONIAL_TEXT, TESTIMONIAL_PAGE_SLUGS } from '../../course/testimonials';
import { defineEvent } from '../store/catalog';
import { requestSubject } from '../store/sealing';

/** Every testimonial lives on this one stream: the coach is its only writer. */
export const TESTIMONIALS_STREAM = 'testimonials';

const fields = {
  testimonialId: z.uuid(),
  name: z.string().trim().min(1).max(MAX_TESTIMONIAL_NAME),
  text: z.string().trim().min(1).max(MAX_TESTIMONIAL_TEXT),
  page: z.enum(TESTIMONIAL_PAGE_SLUGS),
  /**
   * The id of an image of the coach's library shown with it, published under the same consent; null or absent
   * (events recorded before testimonials had photos): none. Not sealed: an id, not the picture; the picture is a
   * file of the library, which the coach deletes there.
   */
  photo: z.uuid().nullable().optional(),
};
const personal = { subject: (d: { testimonialId: string }) => requestSubject(d.testimonialId), fields: ['name', 'text'] } as const;

/** Added only with the client's consent to publish it, which the event records. */
export const TestimonialAdded = defineEvent('TestimonialAdded', 1, z.strictObject({ ...fields, consent: z.literal(true) }), { personal });

/** The testimonial as the coach left it after an edit (the whole of it). */
export const TestimonialEdited = defineEvent('TestimonialEdited', 1, z.strictObject(fields), { personal });

export const TestimonialRemoved = defineEvent('TestimonialRemoved', 1, z.strictObject({ testimonialId: z.uuid() }));

export const testimonialEvents = [TestimonialAdded, TestimonialEdited, TestimonialRemoved] as const;
