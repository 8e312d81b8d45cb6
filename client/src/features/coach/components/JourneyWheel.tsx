// The learner's life wheel at the chosen moment over their first ratings, as one radar.
import { LIFE_AREAS, type Ratings } from '../../../../../course/areas';
// The life wheel's radar, with its comparison overlay: one drawing of the wheel in the app.
import { RadarChart } from '../../../components/RadarChart/RadarChart';

export const FIRST_LABEL = 'Primera calificación';
export const NOW_LABEL = 'En este momento';

/** What the image says to a screen reader: every rated area, now and at first. */
export function wheelSummary(username: string, ratings: Ratings, first: Ratings): string {
  const rated = LIFE_AREAS.filter((a) => ratings[a.id] !== undefined);
  const parts = rated.map((a) => {
    const earlier = first[a.id];
    return earlier !== undefined && earlier !== ratings[a.id] ? `${a.title}: ${ratings[a.id]} (al principio ${earlier})` : `${a.title}: ${ratings[a.id]}`;
  });
  return `Rueda de la Vida de ${username} en este momento, ${rated.length} de ${LIFE_AREAS.length} áreas calificadas del 0 al 10. ${parts.join('; ')}.`;
}

export function JourneyWheel({ username, ratings, first }: { username: string; ratings: Ratings; first: Ratings }) {
  if (Object.keys(ratings).length === 0) return <p>Todavía no había calificado ninguna área.</p>;
  return (
    <RadarChart
      ratings={ratings}
      compare={{ ratings: first, label: FIRST_LABEL, currentLabel: NOW_LABEL }}
      summary={wheelSummary(username, ratings, first)}
      caption={`Calificaciones de ${username} por área`}
    />
  );
}
