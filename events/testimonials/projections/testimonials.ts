// Inline read model: the testimonials shown on the sales pages, one row per testimonial; a removed one's row goes.
import { rowProjection } from '../../store/projection';
import { TestimonialAdded, TestimonialEdited, TestimonialRemoved } from '../testimonials.events';

export interface TestimonialRow {
  [column: string]: string | null;
  testimonial_id: string;
  page: string;
  name: string;
  text: string;
  photo: string | null;
  created_at: string;
  updated_at: string;
}

export const testimonialsProjection = rowProjection<TestimonialRow>({
  name: 'testimonials',
  mode: 'inline',
  table: 'testimonials',
  keyColumns: ['testimonial_id'],
  eventTypes: [TestimonialAdded.type, TestimonialEdited.type, TestimonialRemoved.type],
  key: (e) => (TestimonialAdded.is(e) || TestimonialEdited.is(e) || TestimonialRemoved.is(e) ? { testimonial_id: e.data.testimonialId } : undefined),
  evolve: (row, e) => {
    if (TestimonialRemoved.is(e)) return null;
    if (!TestimonialAdded.is(e) && !TestimonialEdited.is(e)) return row ?? null;
    const { testimonialId, page, name, text, photo = null } = e.data;
    return {
      testimonial_id: testimonialId,
      page,
      name,
      text,
      photo,
      created_at: row?.created_at ?? e.recordedAt.toISOString(),
      updated_at: e.recordedAt.toISOString(),
    };
  },
});
