import { ApiError } from './errors';

/** What to show for a failed call: the server's Spanish message, or `fallback` (network down, no message). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** A 401: the session is over (expired, or ended elsewhere). */
export const isExpired = (error: unknown) => error instanceof ApiError && error.status === 401;
