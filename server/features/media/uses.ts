// Where a file of the coach's library is used on the site: each finder looks in one place and says each use it
// finds as a sentence for the coach (where, and what to change there first). A file in use is not deleted. A new
// place that shows library files adds its finder to MEDIA_USE_FINDERS.
import { SLOT_GROUPS, slotById } from '../../../course/placements';
import { TESTIMONIAL_PAGES } from '../../../course/testimonials';
import { lettersWithCover } from '../../../events/newsletter/queries';
import { placesUsing } from '../../../events/placements/queries';
import { currentSetting } from '../../../events/site/queries';
import type { Queryable } from '../../../events/store/types';
import { testimonialsWithPhoto } from '../../../events/testimonials/queries';

export type MediaUseFinder = (db: Queryable, mediaId: string) => Promise<string[]>;

/** The coach's portrait of the site (Ajustes). */
const coachPortrait: MediaUseFinder = async (db, mediaId) =>
  (await currentSetting(db, 'coachPhoto')) === mediaId ? ['Esta foto es tu retrato del sitio: cámbiala en Ajustes antes de borrarla.'] : [];

/** The photos of the testimonials (Testimonios). */
const testimonialPhotos: MediaUseFinder = async (db, mediaId) =>
  (await testimonialsWithPhoto(db, mediaId)).map((t) => {
    const page = TESTIMONIAL_PAGES.find((p) => p.slug === t.page)?.label ?? t.page;
    return `Esta foto acompaña el testimonio de ${t.name} en ${page}: quítala de ese testimonio en Testimonios antes de borrarla.`;
  });

/** The covers of the newsletter's letters (Newsletter), drafts included. */
const letterCovers: MediaUseFinder = async (db, mediaId) =>
  (await lettersWithCover(db, mediaId)).map(
    (title) => `Esta imagen es la portada de la carta «${title}»: quítala de esa carta en Newsletter antes de borrarla.`,
  );

/** The places of the site she put it in (Medios, «Tus archivos en el sitio»). */
const sitePlaces: MediaUseFinder = async (db, mediaId) =>
  (await placesUsing(db, mediaId)).flatMap((id) => {
    const slot = slotById(id);
    if (!slot) return [];
    const group = SLOT_GROUPS.find((g) => g.id === slot.group)!.title;
    return [`Este archivo está en «${slot.label}» (${group}): cámbialo en «Tus archivos en el sitio» antes de borrarlo.`];
  });

export const MEDIA_USE_FINDERS: readonly MediaUseFinder[] = [coachPortrait, testimonialPhotos, letterCovers, sitePlaces];

/** Every place that uses the file, in the order of the finders. */
export async function mediaUses(db: Queryable, mediaId: string): Promise<string[]> {
  return (await Promise.all(MEDIA_USE_FINDERS.map((find) => find(db, mediaId)))).flat();
}
