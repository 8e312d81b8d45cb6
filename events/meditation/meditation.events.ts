// The 7-phase meditation (activity 5 and /herramientas/7-fases): revelations written after a session, and
// the sessions themselves (for a meditator's history and streak).
import { z } from 'zod';
import { MAX_REVELATION, MAX_SESSION_SECONDS, PHASE_IDS } from '../../course/meditation';
import { defineEvent } from '../store/catalog';
import { userSubject } from '../store/sealing';

const seconds = z.number().int().min(0).max(MAX_SESSION_SECONDS);

export const RevelationSaved = defineEvent(
  'RevelationSaved',
  1,
  z.strictObject({
    userId: z.uuid(),
    revelationId: z.uuid(),
    revelation: z.string().trim().min(1).max(MAX_REVELATION),
    totalTimeMeditated: seconds,
  }),
  { personal: { subject: (d) => userSubject(d.userId), fields: ['revelation'] } },
);

export const MeditationSessionCompleted = defineEvent(
  'MeditationSessionCompleted',
  1,
  z.strictObject({
    userId: z.uuid(),
    sessionId: z.uuid(),
    seconds,
    activePhases: z.array(z.enum(PHASE_IDS)).min(1).max(PHASE_IDS.length),
    /** 'completed': every active phase ran; 'stopped': 'Finalizar Meditación' before the end. */
    outcome: z.enum(['completed', 'stopped']),
    /** The calendar day in the meditator's time zone, for the streak. */
    day: z.iso.date(),
  }),
);

export const meditationEvents = [RevelationSaved, MeditationSessionCompleted] as const;
