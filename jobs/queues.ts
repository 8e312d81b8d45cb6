// The queue registry: every queue, its retry policy and dead-letter queue, in one place.
import { AI_WHY_QUESTION } from './deep-why/why-question';
import { AUTH_CLEANUP } from './accounts/cleanup';
import { EMAIL_SEND, EMAIL_SEND_DEAD } from './email/send-email';

export interface QueueSpec {
  name: string;
  deadLetter?: string;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  retryDelayMax?: number;
  expireInSeconds?: number;
  deleteAfterSeconds?: number;
}

// Dead-letter queues come first: pg-boss requires them to exist before the queue that points at them.
export const QUEUES: readonly QueueSpec[] = [
  { name: EMAIL_SEND_DEAD, retryLimit: 0 },
  {
    name: EMAIL_SEND,
    deadLetter: EMAIL_SEND_DEAD,
    retryLimit: 8,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 30 * 60,
    expireInSeconds: 120,
    // A sent mail's job holds ids only (who it went to is in the read models); an hour is enough to look at it.
    deleteAfterSeconds: 3600,
  },
  { name: AUTH_CLEANUP, retryLimit: 2, retryDelay: 60, expireInSeconds: 300 },
  // A learner waits for this one: few quick retries, then the page shows the fallback question.
  { name: AI_WHY_QUESTION, retryLimit: 2, retryDelay: 1, retryBackoff: true, retryDelayMax: 10, expireInSeconds: 60, deleteAfterSeconds: 24 * 3600 },
];
