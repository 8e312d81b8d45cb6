// The placeholders shown while a page loads, shaped like the page that is coming: as data, so that React
// (Skeleton.tsx) and the server's first HTML (the build writes skeletonMarkup() into the route map; the shell shows
// it before any script has run) draw exactly the same thing. Classes are global (skeleton.css, loaded with the
// entry's stylesheet): the first HTML has no CSS-module names.

export type SkeletonShape = 'menu' | 'sales' | 'activity' | 'syllabus' | 'table' | 'generic';

/**
 * One placeholder element. `svg`: drawn as an SVG, which browsers count as content painted — the first paint
 * of a loading page is then the skeleton, as it was the loading text before.
 */
export type Bone = { className: string; svg?: true; children?: readonly Bone[] };

const bone = (className: string, children?: readonly Bone[]): Bone => (children ? { className, children } : { className });
/** Text lines of the given widths (per cent of the column). */
const lines = (...widths: number[]) => widths.map((width) => bone(`sk-bone sk-line sk-w${width}`));
const title = (width: number): Bone => ({ className: `sk-bone sk-title sk-w${width}`, svg: true });
const eyebrow = bone('sk-bone sk-eyebrow');
const button = bone('sk-bone sk-button');
const card = (...children: Bone[]) => bone('sk-card', children);

/** Each shape: what stands above the content (the page's header) and the content. */
export const SHAPES: Record<SkeletonShape, { head: readonly Bone[]; body: readonly Bone[] }> = {
  // The link-in-bio home, where most visitors arrive: the portrait, the name and its line, then the links.
  menu: {
    head: [bone('sk-stack sk-centred', [bone('sk-bone sk-avatar'), title(50), ...lines(90, 70)])],
    body: [
      bone(
        'sk-rows',
        [0, 1, 2, 3, 4].map(() => bone('sk-bone sk-link')),
      ),
    ],
  },
  // A sales or lead page: the hero (words and buttons; a picture beside them on wide screens), then a section.
  sales: {
    head: [
      bone('sk-hero', [
        bone('sk-stack', [eyebrow, title(90), ...lines(100, 95, 70), bone('sk-actions', [button, button])]),
        bone('sk-bone sk-media sk-hero-media'),
      ]),
    ],
    body: [bone('sk-stack', [bone('sk-bone sk-subtitle sk-w50'), ...lines(100, 90, 60)]), bone('sk-cards', [card(), card(), card()])],
  },
  // An activity: the way back, its week and title, then its card.
  activity: {
    head: [bone('sk-stack', [bone('sk-bone sk-line sk-w40'), eyebrow, title(70)])],
    body: [bone('sk-stack', [bone('sk-bone sk-subtitle sk-w80'), ...lines(100, 95, 90, 60)]), bone('sk-bone sk-media'), button],
  },
  // The syllabus: its title and lead, the progress bar, the featured activity, then the five weeks.
  syllabus: {
    head: [bone('sk-stack', [eyebrow, title(70), ...lines(95, 60)])],
    body: [
      bone('sk-bone sk-bar'),
      card(bone('sk-bone sk-media'), bone('sk-bone sk-subtitle sk-w60'), ...lines(90), button),
      bone(
        'sk-rows',
        [0, 1, 2, 3, 4].map(() => bone('sk-bone sk-row')),
      ),
    ],
  },
  // The coach's list of learners: title, search, then rows of a table.
  table: {
    head: [bone('sk-stack', [title(40), bone('sk-bone sk-input')])],
    body: [
      bone(
        'sk-rows',
        [0, 1, 2, 3, 4, 5, 6, 7].map(() => bone('sk-bone sk-row sk-row-thin')),
      ),
    ],
  },
  // Anything else: a title, a few lines, a block.
  generic: {
    head: [bone('sk-stack', [eyebrow, title(60)])],
    body: [bone('sk-stack', lines(100, 95, 85, 60)), bone('sk-bone sk-block')],
  },
};

export type SkeletonOptions = {
  /** Said to screen readers (and shown, with `showLabel`) while waiting; 'Cargando...' by default. */
  label?: string;
  showLabel?: boolean;
  /** 'body': the page already shows its header; only the content is on its way. */
  part?: 'page' | 'body';
};

export const DEFAULT_LABEL = 'Cargando...';

/** The bones above the loading text (the page's header; none when the page shows its own) and below it. */
export function bonesOf(shape: SkeletonShape, part: 'page' | 'body' = 'page'): { head: readonly Bone[]; body: readonly Bone[] } {
  const { head, body } = SHAPES[shape];
  return { head: part === 'body' ? [] : head, body };
}

export const rootClass = (shape: SkeletonShape, part: 'page' | 'body' = 'page') => `sk sk-${shape}${part === 'body' ? ' sk-part' : ''}`;
export const labelClass = (showLabel: boolean) => (showLabel ? 'sk-label' : 'sr-only');

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function boneMarkup({ className, svg, children }: Bone): string {
  if (svg) return `<svg class="${className}" aria-hidden="true" focusable="false"><rect width="100%" height="100%" fill="transparent"></rect></svg>`;
  return `<div class="${className}">${(children ?? []).map(boneMarkup).join('')}</div>`;
}

const frameMarkup = (bones: readonly Bone[]) => (bones.length ? `<div class="sk-frame" aria-hidden="true">${bones.map(boneMarkup).join('')}</div>` : '');

/**
 * The skeleton as HTML, for the page before the app starts: the same markup Skeleton.tsx renders. The loading
 * text sits where the content will come, under the page's header.
 */
export function skeletonMarkup(shape: SkeletonShape, { label = DEFAULT_LABEL, showLabel = false, part = 'page' }: SkeletonOptions = {}): string {
  const { head, body } = bonesOf(shape, part);
  return (
    `<div class="${rootClass(shape, part)}">` +
    frameMarkup(head) +
    `<p class="${labelClass(showLabel)}" role="status">${escape(label)}</p>` +
    frameMarkup(body) +
    `</div>`
  );
}
