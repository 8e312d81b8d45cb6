// A guest's saved wheel data, read defensively: localStorage may hold anything (an older version, a hand
// edit). Shapes the server's guest sync accepts: '12-areas-balance' → { ratings }, activities 2 and 3 →
// { definitions }; other keys (a lesson's `reflection`) are kept as they are.
import { areaById, MAX_SCORE, MIN_SCORE } from '../../../../../../course/areas';

type Data = Record<string, unknown>;

const isRecord = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The activity's stored data as an object to spread into the next write (nothing usable: {}). */
export const storedObject = (data: unknown): Data => (isRecord(data) ? data : {});

/** Valid scores of known areas only. */
export function guestRatings(data: unknown): Record<string, number> {
  const ratings = storedObject(data).ratings;
  if (!isRecord(ratings)) return {};
  return Object.fromEntries(
    Object.entries(ratings).filter(
      ([id, score]) => areaById(id) !== undefined && Number.isInteger(score) && (score as number) >= MIN_SCORE && (score as number) <= MAX_SCORE,
    ),
  ) as Record<string, number>;
}

/** Texts of known areas only. */
export function guestDefinitions(data: unknown): Record<string, string> {
  const definitions = storedObject(data).definitions;
  if (!isRecord(definitions)) return {};
  return Object.fromEntries(Object.entries(definitions).filter(([id, text]) => areaById(id) !== undefined && typeof text === 'string')) as Record<
    string,
    string
  >;
}
