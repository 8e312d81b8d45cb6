// Whether a deep-why question is worth sending to the AI provider, or should be answered at once with the
// fallback text: never without a key, and not while the provider is known to be down (a simple circuit
// breaker). The provider's outcomes arrive with the questions the workers finish, as this process reads
// them back — whichever process ran the job.

/** Failures in a row (errors or timeouts) after which the provider counts as down. */
export const AI_FAILURES_TO_OPEN = 3;
/** How long it then counts as down before one question tries it again. */
export const AI_COOL_DOWN_MS = 60_000;
/** Question ids remembered so that a question read twice counts once. */
const REMEMBERED = 1_000;

export interface AiAvailability {
  /** Whether a key is set at all (else no question is ever sent). */
  readonly configured: boolean;
  /** Whether to ask the provider now (after the cool-down, true for one trial question at a time). */
  available(): boolean;
  /** What the provider did for a finished question; undefined when it was not asked. */
  observe(questionId: string, outcome: 'ok' | 'failed' | undefined): void;
}

export function createAiAvailability({ configured, now = Date.now }: { configured: boolean; now?: () => number }): AiAvailability {
  let failures = 0;
  let closedUntil = 0;
  const seen = new Set<string>();
  return {
    configured,
    available() {
      if (!configured) return false;
      if (failures < AI_FAILURES_TO_OPEN) return true;
      if (now() < closedUntil) return false;
      // The trial: the next ones wait for its outcome, or for another cool-down if it never comes.
      closedUntil = now() + AI_COOL_DOWN_MS;
      return true;
    },
    observe(questionId, outcome) {
      if (!outcome || seen.has(questionId)) return;
      seen.add(questionId);
      if (seen.size > REMEMBERED) seen.delete(seen.values().next().value!);
      if (outcome === 'ok') {
        failures = 0;
        return;
      }
      failures += 1;
      if (failures >= AI_FAILURES_TO_OPEN) closedUntil = now() + AI_COOL_DOWN_MS;
    },
  };
}
