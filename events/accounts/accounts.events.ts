// Account facts, in the learner's stream. No password, hash or token ever goes into these events.
import { z } from 'zod';
import { EMAIL_PATTERN, MAX_EMAIL, plainName } from '../../course/contact';
import { defineEvent } from '../store/catalog';
import { subjectIdOf, userSubject } from '../store/sealing';

export const ROLES = { premium: 7, coach: 9 } as const;
export const KNOWN_ROLES = [ROLES.premium, ROLES.coach] as const;

/**
 * Display names were usernames once (letters, digits, `._-`, unique). Events written then keep that spelling and
 * must still parse; a name given since is a plain name (course/contact.ts), the one rule of every name we keep.
 */
export const LEGACY_USERNAME_PATTERN = /^[\p{L}\p{N}._-]{2,40}$/u;
const isPlainName = (name: string) => plainName(name) === name;
/** A name as an account event holds it: a plain name, or a username from before display names. */
const storedName = z.string().refine((name) => isPlainName(name) || LEGACY_USERNAME_PATTERN.test(name));
export { MAX_PASSWORD_BYTES, MIN_PASSWORD } from '../../course/password';

const role = z
  .number()
  .int()
  .refine((r) => (KNOWN_ROLES as readonly number[]).includes(r));

export const UserRegistered = defineEvent(
  'UserRegistered',
  1,
  z.strictObject({
    userId: z.uuid(),
    username: storedName,
    email: z.string().max(MAX_EMAIL).regex(EMAIL_PATTERN),
    /** The browser's anonymous visitor id at signup, for the funnel's first-touch attribution. */
    visitorId: z.uuid().optional(),
  }),
  { personal: { subject: (d) => userSubject(d.userId), fields: ['email', 'username'] } },
);

export const EmailVerified = defineEvent('EmailVerified', 1, z.strictObject({ userId: z.uuid() }));

export const RoleGranted = defineEvent('RoleGranted', 1, z.strictObject({ userId: z.uuid(), role, by: z.string().min(1).max(80) }));

export const RoleRevoked = defineEvent('RoleRevoked', 1, z.strictObject({ userId: z.uuid(), role, by: z.string().min(1).max(80) }));

/** A new verification link was sent (the token itself is never in the log). */
export const VerificationRequested = defineEvent('VerificationRequested', 1, z.strictObject({ userId: z.uuid() }));

/** The name the account is greeted by, changed by its owner (a plain name: it is not unique, login is by e-mail). */
export const DisplayNameChanged = defineEvent('DisplayNameChanged', 1, z.strictObject({ userId: z.uuid(), username: z.string().refine(isPlainName) }), {
  personal: { subject: (d) => userSubject(d.userId), fields: ['username'] },
});

/** Someone asked for a password-reset link for this account (no token, no address: the mail's job names the account). */
export const PasswordResetRequested = defineEvent('PasswordResetRequested', 1, z.strictObject({ userId: z.uuid() }));

/** The password was replaced: through a reset link ('reset'), or by its owner, signed in ('changed'). */
export const PasswordChanged = defineEvent('PasswordChanged', 1, z.strictObject({ userId: z.uuid(), how: z.enum(['reset', 'changed']) }));

/** The signed-in owner asked to move the account to another address; the address waits, out of the log, until confirmed. */
export const EmailChangeRequested = defineEvent('EmailChangeRequested', 1, z.strictObject({ userId: z.uuid() }));

const address = z.string().max(MAX_EMAIL).regex(EMAIL_PATTERN);

/** The new address was confirmed from the link mailed to it. */
export const EmailChanged = defineEvent('EmailChanged', 1, z.strictObject({ userId: z.uuid(), email: address, previousEmail: address }), {
  personal: { subject: (d) => userSubject(d.userId), fields: ['email', 'previousEmail'] },
});

/** The change was undone from the link mailed to the previous address, which is the account's address again. */
export const EmailChangeUndone = defineEvent('EmailChangeUndone', 1, z.strictObject({ userId: z.uuid(), email: address }), {
  personal: { subject: (d) => userSubject(d.userId), fields: ['email'] },
});

export const accountEvents = [
  UserRegistered,
  EmailVerified,
  RoleGranted,
  RoleRevoked,
  VerificationRequested,
  PasswordResetRequested,
  DisplayNameChanged,
  PasswordChanged,
  EmailChangeRequested,
  EmailChanged,
  EmailChangeUndone,
] as const;

/** A learner stream's id is this and the user id in text (which sorts as the user id does). */
export const LEARNER_STREAM_PREFIX = 'learner-';
export const learnerStreamId = (userId: string) => `${LEARNER_STREAM_PREFIX}${userId}`;
/** The user id whose stream a learner stream is; undefined for any other stream. */
export const learnerIdOfStream = (streamId: string) => (streamId.startsWith(LEARNER_STREAM_PREFIX) ? streamId.slice(LEARNER_STREAM_PREFIX.length) : undefined);
/** The subject (`user:<id>`) whose stream a learner stream is; undefined for any other stream. */
export const learnerOfStream = (streamId: string) => {
  const id = learnerIdOfStream(streamId);
  return id === undefined ? undefined : subjectIdOf({ kind: 'user', id });
};
