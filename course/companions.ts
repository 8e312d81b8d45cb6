// Pages outside the activity host that the course offers inside one of its activities, and the way on from them.
// The rewiring meditation (/metafisica/bashar/15-minutos-y-contando) is a second meditation offered with the
// 7-phase meditation: by then the learner has named their beliefs area by area and seen the life they choose,
// which is what its five steps work with (an old belief, a new one, felt as real). Reached from there, it leads
// on to the activity after the meditation, as the activity pages do.
import { MEDITATION_ACTIVITY } from './activities';
import { nextActivity } from './rules';
import type { Activity } from './syllabus';

export const REWIRING_PATH = '/metafisica/bashar/15-minutos-y-contando';
/** The activity whose page offers the rewiring meditation. */
export const REWIRING_ACTIVITY = MEDITATION_ACTIVITY;
/**
 * The query parameter that says which activity a companion page was opened from (?desde=meditacion-7-fases): it
 * stays in the address, so a reload (or the link shared) keeps the way back into the course.
 */
export const FROM_PARAM = 'desde';

/** The rewiring page as the course links to it from `slug`. */
export const rewiringFrom = (slug: string) => `${REWIRING_PATH}?${FROM_PARAM}=${encodeURIComponent(slug)}`;

/** Where the rewiring page leads on to, opened from `from`: the activity after it; none from anywhere else. */
export function rewiringNext(from: string | null): Activity | undefined {
  return from === REWIRING_ACTIVITY ? nextActivity(from) : undefined;
}
