// Mounted once, inside the session: sends what a signed-in learner did with no network (meditations,
// revelations: lib/outbox.ts) when the page loads or the network comes back. The code that sends them loads only
// when something of this account is waiting, so a visitor's first page stays small.
import { useEffect } from 'react';
import { useAuth } from '../lib/session/useAuth';
import { queuedFor } from '../lib/outbox';

export function PendingWritesSync() {
  const { user } = useAuth();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    const send = () => {
      if (queuedFor(userId).length === 0) return;
      import('../features/meditation/offline/sync')
        .then(({ flushMeditationWrites }) => flushMeditationWrites(userId))
        .catch((error: unknown) => console.error('No se pudieron enviar las meditaciones pendientes.', error));
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [userId]);
  return null;
}
