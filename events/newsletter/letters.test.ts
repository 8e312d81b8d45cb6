import { describe, expect, it } from 'vitest';
import { LETTER_MESSAGES, letterProblems, slugFromTitle } from '../../course/newsletter';
import { recorded } from '../../tests/setup/recorded';
import { ConflictError, NotFoundError } from '../errors';
import type { NewEvent } from '../store/types';
import { decideLetter, initialLetter, letterFold, type LetterCommand, type LetterState } from './letters';
import { LetterDrafted, LetterEdited } from './letters.events';

const letter = { title: 'Volver a empezar', slug: 'volver-a-empezar', series: 'dean' as const, markdown: 'Hola.\n\nCon cariño,\\\nManifiesta' };
const draft: LetterCommand = { type: 'DraftLetter', letter, slugTaken: false };

function run(commands: LetterCommand[], state: LetterState = initialLetter): { state: LetterState; events: NewEvent[] } {
  const events: NewEvent[] = [];
  for (const command of commands) {
    const made = decideLetter(command, state);
    events.push(...made);
    state = made.reduce((s, e) => letterFold.evolve(s, recorded(e.type, e.data)), state);
  }
  return { state, events };
}

describe('letters', () => {
  it('drafts a letter, then publishes it on the day given', () => {
    const { state, events } = run([draft, { type: 'PublishLetter', publishedOn: '2026-11-27' }]);
    expect(events.map((e) => e.type)).toEqual(['LetterDrafted', 'LetterPublished']);
    expect(events[0]!.data).toEqual(letter);
    expect(state).toMatchObject({ ...letter, status: 'published', publishedOn: '2026-11-27' });
  });

  it('refuses an address another letter of the series has, and a second draft on the same stream', () => {
    expect(() => run([{ ...draft, slugTaken: true }])).toThrow(new ConflictError(LETTER_MESSAGES.slugTaken));
    expect(() => run([draft, draft])).toThrow(ConflictError);
  });

  it('records only what an edit changes, and nothing when nothing changed', () => {
    const { state } = run([draft]);
    const edited = run([{ type: 'EditLetter', changes: { title: 'Otra vez', markdown: letter.markdown }, slugTaken: false }], state);
    expect(edited.events.map((e) => e.data)).toEqual([{ title: 'Otra vez' }]);
    expect(edited.state).toMatchObject({ ...letter, title: 'Otra vez', status: 'draft' });
    expect(run([{ type: 'EditLetter', changes: { title: letter.title }, slugTaken: false }], state).events).toEqual([]);
  });

  it('keeps a published letter at its address but lets its words change', () => {
    const { state } = run([draft, { type: 'PublishLetter', publishedOn: '2026-11-27' }]);
    expect(() => run([{ type: 'EditLetter', changes: { slug: 'otra' }, slugTaken: false }], state)).toThrow(
      new ConflictError(LETTER_MESSAGES.publishedAddress),
    );
    expect(run([{ type: 'EditLetter', changes: { markdown: 'Nuevo.' }, slugTaken: false }], state).state).toMatchObject({
      markdown: 'Nuevo.',
      status: 'published',
    });
  });

  it('publishes once, withdraws to a draft, and knows no letter that was never drafted', () => {
    const { state } = run([draft, { type: 'PublishLetter', publishedOn: '2026-11-27' }]);
    expect(run([{ type: 'PublishLetter', publishedOn: '2026-11-28' }], state).events).toEqual([]);
    expect(run([{ type: 'UnpublishLetter' }], state).state).toMatchObject({ status: 'draft', publishedOn: null });
    expect(() => run([{ type: 'PublishLetter', publishedOn: '2026-11-27' }])).toThrow(new NotFoundError(LETTER_MESSAGES.notFound));
  });

  it('drafts a letter with a cover, changes it and takes it away; without one it records none', () => {
    const cover = '0190a1b2-0000-7000-8000-00000000c0de';
    const other = '0190a1b2-0000-7000-8000-00000000c0df';
    const covered = run([{ ...draft, letter: { ...letter, cover } }]);
    expect(covered.events[0]!.data).toEqual({ ...letter, cover });
    expect(covered.state).toMatchObject({ cover });

    const changed = run([{ type: 'EditLetter', changes: { cover: other, title: letter.title }, slugTaken: false }], covered.state);
    expect(changed.events.map((e) => e.data)).toEqual([{ cover: other }]);
    expect(changed.state).toMatchObject({ ...letter, cover: other });
    expect(run([{ type: 'EditLetter', changes: { cover: other }, slugTaken: false }], changed.state).events).toEqual([]);

    const removed = run([{ type: 'EditLetter', changes: { cover: null }, slugTaken: false }], changed.state);
    expect(removed.events.map((e) => e.data)).toEqual([{ cover: null }]);
    expect(removed.state).toMatchObject({ cover: null });
    // Leaving it out of an edit leaves it as it is.
    expect(run([{ type: 'EditLetter', changes: { title: 'Otro título' }, slugTaken: false }], changed.state).state).toMatchObject({ cover: other });

    // A published letter may change its cover: it is not its address.
    const published = run([{ type: 'PublishLetter', publishedOn: '2026-11-27' }], covered.state).state;
    expect(run([{ type: 'EditLetter', changes: { cover: null }, slugTaken: false }], published).state).toMatchObject({ status: 'published', cover: null });

    expect(run([{ ...draft, letter: { ...letter, cover: null } }]).events[0]!.data).toEqual(letter);
    expect(run([draft]).state).toMatchObject({ cover: null });
  });

  it('reads the events recorded before letters had covers: no cover, and an edit without one keeps it', () => {
    expect(LetterDrafted.schema.parse(letter)).toEqual(letter);
    expect(LetterEdited.schema.parse({ title: 'Otra vez' })).toEqual({ title: 'Otra vez' });
    const state = [recorded('LetterDrafted', letter), recorded('LetterEdited', { title: 'Otra vez' })].reduce(letterFold.evolve, initialLetter);
    expect(state).toMatchObject({ ...letter, title: 'Otra vez', cover: null, status: 'draft' });
    expect(LetterDrafted.schema.safeParse({ ...letter, cover: 'no-es-un-id' }).error?.issues[0]?.message).toBe(LETTER_MESSAGES.cover);
  });

  it('checks fields with the messages the editor shows', () => {
    expect(letterProblems(letter)).toEqual({});
    expect(letterProblems({ title: ' ', slug: 'Con Tildes', series: 'otra', markdown: 'x'.repeat(100_001) })).toEqual({
      title: LETTER_MESSAGES.title,
      slug: LETTER_MESSAGES.slug,
      series: LETTER_MESSAGES.series,
      markdown: LETTER_MESSAGES.markdownTooLong,
    });
    expect(letterProblems({ slug: 'a--b' })).toEqual({ slug: LETTER_MESSAGES.slug });
  });

  it('makes an address from a title', () => {
    expect(slugFromTitle('Manifestar no es pedir: es sintonizar')).toBe('manifestar-no-es-pedir-es-sintonizar');
    expect(slugFromTitle('El hábito más pequeño del mundo ¡ya!')).toBe('el-habito-mas-pequeno-del-mundo-ya');
    expect(slugFromTitle('¿?')).toBe('');
    expect(slugFromTitle('palabra '.repeat(20)).length).toBeLessThanOrEqual(80);
  });
});
