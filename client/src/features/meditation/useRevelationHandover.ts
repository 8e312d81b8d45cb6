// A revelation written as a guest (kept in session storage, pending-revelation.ts) goes to the account once someone
// is signed in: posted once per account; on success this browser forgets it and the list of revelations is read
// again, on failure it stays for a later try. app/ runs it after the guest's course progress is handed over.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { ApiError } from '../../api/errors';
import { meditationMutations, meditationQueries } from './api/meditation-queries';
import { clearPendingRevelation, readPendingRevelation, type PendingRevelation } from './pending-revelation';

/** For a signed-in user, the hand-over still to do (once per account and revelation), or null when there is none. */
export type Handover = (userId: string) => (() => Promise<void>) | null;

export function useRevelationHandover(): Handover {
  const queryClient = useQueryClient();
  const { mutateAsync: saveRevelation } = useMutation(meditationMutations.saveRevelation());
  // What was already posted for this user: posted once, not again on every render (StrictMode included).
  const attempted = useRef<{ userId: string; revelation: PendingRevelation } | null>(null);

  return useCallback(
    (userId: string) => {
      const revelation = readPendingRevelation();
      if (!revelation) return null;
      const previous = attempted.current;
      if (previous?.userId === userId && previous.revelation.revelation === revelation.revelation) return null;
      attempted.current = { userId, revelation };
      return async () => {
        try {
          await saveRevelation(revelation);
          clearPendingRevelation();
          await queryClient.invalidateQueries({ queryKey: meditationQueries.revelations().queryKey });
        } catch (error) {
          // The server's message (or the network error) is logged; the local copy stays for the next try.
          console.error('No se pudo guardar tu revelación en tu cuenta:', error instanceof ApiError ? error.message : error);
        }
      };
    },
    [saveRevelation, queryClient],
  );
}
