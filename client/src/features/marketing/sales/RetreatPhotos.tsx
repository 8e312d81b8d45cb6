// The retreat's photos, as the coach put them in their places (course/placements.ts), in her order; the section is
// not shown while she has put none.
import { RETREAT_PHOTOS, retreatPhotoSlot } from '../../../../../course/placements';
import { Picture } from '../../../components/Picture/Picture';
import { usePlacements } from '../../../lib/placements';
import { Section } from './layout';
import styles from './sales.module.css';

export function RetreatPhotos() {
  const placed = usePlacements();
  const photos = Array.from({ length: RETREAT_PHOTOS }, (_, i) => placed?.[retreatPhotoSlot(i + 1)]?.image ?? null).filter((p) => p !== null);
  if (photos.length === 0) return null;
  return (
    <Section width="wide" eyebrow="En imágenes" title="Así se vive el retiro">
      <ul className={styles.retreatPhotos}>
        {photos.map((image, i) => (
          <li key={image.src} className={styles.retreatPhoto}>
            <Picture image={image} alt={`Foto ${i + 1} del retiro`} sizes="(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, 92vw" lazy />
          </li>
        ))}
      </ul>
    </Section>
  );
}
