import { describe, expect, it } from 'vitest';
import { MAX_TESTIMONIALS, TESTIMONIAL_MESSAGES } from '../../course/testimonials';
import { recorded } from '../../tests/setup/recorded';
import { ConflictError, InvalidError, NotFoundError } from '../errors';
import type { NewEvent } from '../store/types';
import { decideTestimonials, initialTestimonials, testimonialsFold, type TestimonialsCommand, type TestimonialsState } from './testimonials';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const fields = { name: 'Lucía M.', text: 'Las sesiones me ayudaron a ordenar mis prioridades.', page: 'reprograma' as const };
const add = (n = 1, consent = true): TestimonialsCommand => ({ type: 'AddTestimonial', testimonialId: id(n), fields, consent });

function run(commands: TestimonialsCommand[], state: TestimonialsState = initialTestimonials): { state: TestimonialsState; events: NewEvent[] } {
  const events: NewEvent[] = [];
  for (const command of commands) {
    const made = decideTestimonials(command, state);
    events.push(...made);
    state = made.reduce((s, e) => testimonialsFold.evolve(s, recorded(e.type, e.data)), state);
  }
  return { state, events };
}

describe('testimonials', () => {
  it('adds a testimonial with the consent recorded', () => {
    const { state, events } = run([add()]);
    expect(events.map((e) => e.type)).toEqual(['TestimonialAdded']);
    expect(events[0]!.data).toMatchObject({ consent: true, name: 'Lucía M.' });
    expect(state.testimonials[id(1)]).toEqual({ id: id(1), ...fields, photo: null });
  });

  it('refuses one without consent, in Spanish', () => {
    expect(() => run([add(1, false)])).toThrow(new InvalidError(TESTIMONIAL_MESSAGES.consent));
  });

  it('edits only what changed and records nothing when nothing did', () => {
    const { state } = run([add()]);
    const edited = run([{ type: 'EditTestimonial', testimonialId: id(1), changes: { page: 'coaching' } }], state);
    expect(edited.state.testimonials[id(1)]).toEqual({ id: id(1), ...fields, page: 'coaching', photo: null });
    expect(run([{ type: 'EditTestimonial', testimonialId: id(1), changes: { name: fields.name } }], state).events).toEqual([]);
  });

  it('sets a photo and clears it, recording the whole testimonial each time', () => {
    const photo = '0190a1b2-0000-7000-8000-000000000009';
    const { state } = run([add()]);
    const withPhoto = run([{ type: 'EditTestimonial', testimonialId: id(1), changes: { photo } }], state);
    expect(withPhoto.events.map((e) => e.data)).toEqual([{ testimonialId: id(1), ...fields, photo }]);
    expect(run([{ type: 'EditTestimonial', testimonialId: id(1), changes: { photo } }], withPhoto.state).events).toEqual([]);
    const cleared = run([{ type: 'EditTestimonial', testimonialId: id(1), changes: { photo: null } }], withPhoto.state);
    expect(cleared.state.testimonials[id(1)]!.photo).toBeNull();
    // Events recorded before testimonials had photos fold to none.
    const old = testimonialsFold.evolve(initialTestimonials, recorded('TestimonialAdded', { testimonialId: id(2), ...fields, consent: true }));
    expect(old.testimonials[id(2)]!.photo).toBeNull();
  });

  it('removes one, after which it cannot be edited or removed again', () => {
    const { state } = run([add(), { type: 'RemoveTestimonial', testimonialId: id(1) }]);
    expect(state.testimonials).toEqual({});
    expect(() => run([{ type: 'RemoveTestimonial', testimonialId: id(1) }], state)).toThrow(NotFoundError);
    expect(() => run([{ type: 'EditTestimonial', testimonialId: id(1), changes: { text: 'Otro' } }], state)).toThrow(NotFoundError);
  });

  it('keeps at most the maximum', () => {
    const full = run(Array.from({ length: MAX_TESTIMONIALS }, (_, i) => add(i + 1))).state;
    expect(() => run([add(MAX_TESTIMONIALS + 1)], full)).toThrow(ConflictError);
  });
});
