// Account facts, in the learner's stream. No password, hash or token ever goes into these events.
import { z } from 'zod';
import { EMAIL_PATTERN, MAX_EMAIL } from '../../course/contact';
import { defineEvent } from '../store/catalog';
import { userSubject } from '../store/sealing';

export const ROLES = { premium: 7, coach: 9 } as const;
export const KNOWN_ROLES = [ROLES.premium, ROLES.coach] as const;

export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]{2,40}$/u;
export const MIN_PASSWORD = 8;
/** Bounds the hashing cost of one request (argon2 works on bytes). */
export const MAX_PASSWORD_BYTES = 256;

const role = z
  .number()
  .int()
  .refine((r) => (KNOWN_ROLES as readonly number[]).includes(r));

export const UserRegistered = defineEvent(
  'UserRegistered',
  1,
  z.strictObject({
    userId: z.uuid(),
    username: z.string().regex(USERNAME_PATTERN),
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

export const accountEvents = [UserRegistered, EmailVerified, RoleGranted, RoleRevoked, VerificationRequested] as const;

export const learnerStreamId = (userId: string) => `learner-${userId}`;
