// The testimonials slice: the coach's testimonials as a pure fold of their stream, and the decisions to add, edit
// and remove one, behind one decider. Consent is checked here too: no testimonial is added without it.
import { MAX_TESTIMONIALS, TESTIMONIAL_MESSAGES, type TestimonialPage } from '../../course/testimonials';
import { ConflictError, InvalidError, NotFoundError } from '../errors';
import type { NewEvent, RecordedEvent } from '../store/types';
import { TestimonialAdded, TestimonialEdited, TestimonialRemoved } from './testimonials.events';

export interface Testimonial {
  id: string;
  name: string;
  text: string;
  page: TestimonialPage;
  /** The id of an image of the coach's media library, or null. */
  photo: string | null;
}

export interface TestimonialsState {
  /** Testimonial id → testimonial, for those not removed. */
  testimonials: Readonly<Record<string, Testimonial>>;
}

export const initialTestimonials: TestimonialsState = { testimonials: {} };

export function evolveTestimonials(state: TestimonialsState, event: RecordedEvent): TestimonialsState {
  if (TestimonialAdded.is(event) || TestimonialEdited.is(event)) {
    const { testimonialId: id, name, text, page, photo = null } = event.data;
    return { testimonials: { ...state.testimonials, [id]: { id, name, text, page, photo } } };
  }
  if (TestimonialRemoved.is(event)) {
    const { [event.data.testimonialId]: _gone, ...rest } = state.testimonials;
    return { testimonials: rest };
  }
  return state;
}

export const testimonialsFold = { initial: initialTestimonials, evolve: evolveTestimonials };

type Fields = { name: string; text: string; page: TestimonialPage; photo: string | null };

export type TestimonialsCommand =
  | { type: 'AddTestimonial'; testimonialId: string; fields: Omit<Fields, 'photo'> & { photo?: string | null }; consent: boolean; eventId?: string }
  | { type: 'EditTestimonial'; testimonialId: string; changes: Partial<Fields>; eventId?: string }
  | { type: 'RemoveTestimonial'; testimonialId: string; eventId?: string };

export function decideTestimonials(command: TestimonialsCommand, state: TestimonialsState): NewEvent[] {
  const options = { eventId: command.eventId };
  switch (command.type) {
    case 'AddTestimonial': {
      if (command.consent !== true) throw new InvalidError(TESTIMONIAL_MESSAGES.consent);
      if (Object.keys(state.testimonials).length >= MAX_TESTIMONIALS) throw new ConflictError(TESTIMONIAL_MESSAGES.tooMany);
      return [
        TestimonialAdded.create({ testimonialId: command.testimonialId, ...command.fields, photo: command.fields.photo ?? null, consent: true }, options),
      ];
    }
    case 'EditTestimonial': {
      const before = state.testimonials[command.testimonialId];
      if (!before) throw new NotFoundError(TESTIMONIAL_MESSAGES.notFound);
      const after = { ...before, ...definedOnly(command.changes) };
      if (after.name === before.name && after.text === before.text && after.page === before.page && after.photo === before.photo) return [];
      const { name, text, page, photo } = after;
      return [TestimonialEdited.create({ testimonialId: before.id, name, text, page, photo }, options)];
    }
    case 'RemoveTestimonial': {
      if (!state.testimonials[command.testimonialId]) throw new NotFoundError(TESTIMONIAL_MESSAGES.notFound);
      return [TestimonialRemoved.create({ testimonialId: command.testimonialId }, options)];
    }
    default: {
      const _never: never = command;
      throw new Error(`unknown testimonials command: ${JSON.stringify(_never)}`);
    }
  }
}

const definedOnly = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
