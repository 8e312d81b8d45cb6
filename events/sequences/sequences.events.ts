// The welcome sequences: one stream per lead magnet (`sequence-<page>-<section>`), written by the coach (the actor
// in the events' metadata). A step written (or rewritten) and a step taken out (steps 2 and 3). Not personal: the
// coach's own writing.
import { z } from 'zod';
import { SEQUENCE_MESSAGES, SEQUENCE_SOURCES, stepFieldProblem, type SequencePage, type SequenceSection, type StepField } from '../../course/sequences';
import { defineEvent } from '../store/catalog';

export const sequenceStream = (page: SequencePage, section: SequenceSection) => `sequence-${page}-${section}`;

/** The source a stream belongs to. */
export const sequenceSourceOfStream = (streamId: string) => SEQUENCE_SOURCES.find((s) => sequenceStream(s.page, s.section) === streamId);

export const StepNumber = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: SEQUENCE_MESSAGES.step });

/** A text field checked by the steps' own rule (course/sequences.ts), the same for every step. */
const field = <T extends z.ZodType>(name: Exclude<StepField, 'day'>, base: T) =>
  base.superRefine((value, ctx) => {
    const message = stepFieldProblem(1, name, value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const StepFields = {
  subject: field('subject', z.string({ error: SEQUENCE_MESSAGES.subject })).transform((s) => s.trim()),
  markdown: field('markdown', z.string({ error: SEQUENCE_MESSAGES.markdown })),
  /** 0 for step 1; 1–30 for steps 2 and 3 (the decider checks which). */
  day: z.number({ error: SEQUENCE_MESSAGES.day }).int(SEQUENCE_MESSAGES.day).min(0, SEQUENCE_MESSAGES.day).max(30, SEQUENCE_MESSAGES.day),
};

export const SequenceStepWritten = defineEvent('SequenceStepWritten', 1, z.strictObject({ step: StepNumber, ...StepFields }));

export const SequenceStepCleared = defineEvent('SequenceStepCleared', 1, z.strictObject({ step: z.union([z.literal(2), z.literal(3)]) }));

export const sequenceEvents = [SequenceStepWritten, SequenceStepCleared] as const;
