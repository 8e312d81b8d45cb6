// Erasure: a person forgotten. The event holds no personal data, only the subject whose key was deleted
// (`user:<id>`, `lead:<keyed hash of the address>`); projections drop that person's rows when they meet it.
import { z } from 'zod';
import { defineEvent } from '../store/catalog';

export const SUBJECT_PATTERN = /^(user|lead|request):[0-9a-f-]{32,64}$/;

export const PersonForgotten = defineEvent('PersonForgotten', 1, z.strictObject({ subject: z.string().regex(SUBJECT_PATTERN) }));

export const erasureEvents = [PersonForgotten] as const;

/** A lead address forgotten without an account: its own stream, named by the subject (no address in it). */
export const forgottenLeadStreamId = (subject: string) => `forgotten-${subject.replace(':', '-')}`;
