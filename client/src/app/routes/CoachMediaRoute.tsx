// /coach/medios composed with the coach's desk: the media library, and the desk's «Tus archivos en el sitio» that puts
// its files in the places of the site (with the desk's history and restore).
import { SitePlacements } from '../../features/coach/components/SitePlacements';
import { MediaPage } from '../../features/media/pages/MediaPage';

export function CoachMediaRoute() {
  return <MediaPage Placements={SitePlacements} />;
}
