// What a guest did in this browser goes to the account once someone is signed in: the course progress first, then
// a revelation written as a guest (the meditation's). Loaded with the first signed-in page only.
import { useGuestProgressMerge } from '../features/course/progress/useGuestProgressMerge';
import { useRevelationHandover } from '../features/meditation/useRevelationHandover';

export function useGuestHandover({ userId, isLoading }: { userId: string | null; isLoading: boolean }): void {
  const revelation = useRevelationHandover();
  useGuestProgressMerge({ userId, isLoading, then: revelation });
}
