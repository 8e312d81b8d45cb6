// The testimonials' read model (testimonials): all of them for the coach, one page's for its visitors.
import type { TestimonialPage } from '../../course/testimonials';
import type { Queryable } from '../store/types';

export interface TestimonialRecord {
  id: string;
  name: string;
  text: string;
  page: TestimonialPage;
  /** The id of an image of the coach's media library, or null. */
  photo: string | null;
  createdAt: string;
}

type Row = { testimonial_id: string; name: string; text: string; page: TestimonialPage; photo: string | null; created_at: Date };
const toRecord = (r: Row): TestimonialRecord => ({
  id: r.testimonial_id,
  name: r.name,
  text: r.text,
  page: r.page,
  photo: r.photo,
  createdAt: r.created_at.toISOString(),
});
const COLUMNS = 'testimonial_id, name, text, page, photo, created_at';

/** Every testimonial, oldest first. */
export async function allTestimonials(db: Queryable): Promise<TestimonialRecord[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM testimonials ORDER BY created_at, testimonial_id`);
  return rows.map(toRecord);
}

/** One page's testimonials, oldest first. */
export async function testimonialsOf(db: Queryable, page: TestimonialPage): Promise<TestimonialRecord[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM testimonials WHERE page = $1 ORDER BY created_at, testimonial_id`, [page]);
  return rows.map(toRecord);
}

/** The testimonials that show this image of the library, oldest first. */
export async function testimonialsWithPhoto(db: Queryable, mediaId: string): Promise<TestimonialRecord[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM testimonials WHERE photo = $1 ORDER BY created_at, testimonial_id`, [mediaId]);
  return rows.map(toRecord);
}
