// Where each sound of the meditation is fetched: the coach's own recording when she has put one in its place
// (course/placements.ts), else the sound the site ships (free ones as public files, premium ones through the API).
import { soundUrl } from '../../../../../course/meditation';
import { slotOfSound } from '../../../../../course/placements';

/** The coach's files by place, as GET /api/placements gives them (null: not known yet, or none). */
export type PlacedFiles = Readonly<Record<string, { url: string }>> | null;

export function soundAddress(placed: PlacedFiles): (file: string) => string {
  return (file) => {
    const slot = slotOfSound(file);
    return (slot && placed?.[slot.id]?.url) || soundUrl(file);
  };
}
