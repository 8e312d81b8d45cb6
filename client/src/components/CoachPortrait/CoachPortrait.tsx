// The coach's portrait as she uploaded it (GET /api/site gives it ready: the file, its size and a srcset per
// format), wherever the site speaks of her. Without one the pages go without a picture: nothing stands in for her.
import type { SiteSettings } from '../../lib/site';
import { Picture } from '../Picture/Picture';

export type Portrait = NonNullable<NonNullable<SiteSettings>['coachPortrait']>;

type CoachPortraitProps = {
  portrait: Portrait;
  /** Her name, for the text alternative («Foto de …»); without it, «Foto de tu coach». */
  name: string | null;
  className?: string;
  /** How wide it is shown (the srcset's `sizes`), e.g. '136px'. */
  sizes: string;
  /** Below the fold: loaded when it comes near. At the top of a page: at once. */
  lazy?: boolean;
};

export function CoachPortrait({ portrait, name, ...rest }: CoachPortraitProps) {
  return <Picture image={portrait} alt={name ? `Foto de ${name}` : 'Foto de tu coach'} {...rest} />;
}
