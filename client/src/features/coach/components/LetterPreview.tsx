// The letter editor's live preview (MailPreview): the archive's page of the letter, in the archive's own
// stylesheets and fonts, and the mail, as the server renders them.
import { useQuery } from '@tanstack/react-query';
import { letterBody, letterProblems, LETTER_SERIES_LABELS, type LetterWithCover } from '../../../../../course/newsletter';
import fontsUrl from '../../../styles/fonts.css?url&no-inline';
import letterBodyUrl from '../../../styles/letter-body.css?url&no-inline';
import tokensUrl from '../../../styles/tokens.css?url&no-inline';
import { letterQueries, type LetterPreview as Rendered } from '../api/letters-queries';
import { escapeHtml, FRAME_CSS, frameDocument, MailPreview, useDebounced } from './MailPreview';

/** The cover as the archive's page shows it: a <picture> at the frame's width, decorative. */
function coverHtml(cover: NonNullable<Rendered['cover']>): string {
  const sources = cover.sources.map((s) => `<source type="${escapeHtml(s.type)}" srcset="${escapeHtml(s.srcset)}" sizes="100vw">`).join('');
  return `<picture>${sources}<img class="letter-cover" src="${escapeHtml(cover.src)}" width="${cover.width}" height="${cover.height}" alt=""></picture>`;
}

/** The archive's page of the letter: its series, its title, its cover and its body, in the archive's typography. */
const pageDocument = (letter: LetterWithCover, rendered: Rendered) =>
  frameDocument(
    [fontsUrl, tokensUrl, letterBodyUrl, FRAME_CSS],
    `<article><p class="eyebrow">${escapeHtml(LETTER_SERIES_LABELS[letter.series])}</p><h1>${escapeHtml(letter.title)}</h1>${rendered.cover ? coverHtml(rendered.cover) : ''}<div class="letter-body">${rendered.pageHtml}</div></article>`,
    'page',
  );

export function LetterPreview({ letter }: { letter: LetterWithCover }) {
  const settled = useDebounced(letter);
  const ready = Object.keys(letterProblems(settled)).length === 0;
  const query = useQuery({ ...letterQueries.preview(letterBody(settled)), enabled: ready });
  const rendered = ready ? query.data : undefined;
  return (
    <MailPreview
      missing={ready ? null : 'La vista previa aparece cuando la carta tiene título, dirección y texto.'}
      rendered={rendered?.mail}
      error={query.error}
      fetching={query.isFetching}
      withPage
      pageDocument={rendered ? pageDocument(settled, rendered) : undefined}
    />
  );
}
