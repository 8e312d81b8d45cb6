// The rewiring meditation as a pure state machine: idle, running through the 5 steps,
// completed, and back to idle once the visitor acknowledges. The component only renders the state.

/** The rewiring meditation has 5 steps. */
export const REWIRING_STEP_COUNT = 5;

export type RewiringState =
  | { status: 'idle' }
  /** `step` is 0-based: 0 to REWIRING_STEP_COUNT - 1. */
  | { status: 'running'; step: number }
  | { status: 'completed' };

export type RewiringEvent = { type: 'start' } | { type: 'next' } | { type: 'acknowledge' };

export const initialRewiringState: RewiringState = { status: 'idle' };

const LAST_STEP = REWIRING_STEP_COUNT - 1;

/**
 * An event that does not apply to the current state leaves it as it is (the same object), so a stray double
 * click cannot skip a step or leave the completion screen unseen.
 */
export function rewiringReducer(state: RewiringState, event: RewiringEvent): RewiringState {
  switch (event.type) {
    case 'start':
      // Starting always begins at the first step, whatever came before.
      return state.status === 'running' && state.step === 0 ? state : { status: 'running', step: 0 };
    case 'next':
      if (state.status !== 'running') return state;
      return state.step >= LAST_STEP ? { status: 'completed' } : { status: 'running', step: state.step + 1 };
    case 'acknowledge':
      return state.status === 'completed' ? initialRewiringState : state;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown rewiring event: ${JSON.stringify(unknown)}`);
    }
  }
}
