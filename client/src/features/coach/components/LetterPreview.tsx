// The letter editor's live preview (MailPreview): the archive's page of the letter, in the archive's own
// stylesheets and fonts, and the mail, as the server renders them.
import { useQuery } from '@tanstack/react-query';
import { letterProblems, LETTER_SERIES_LABELS, type Letter } from '../../../../../course/newsletter';
import fontsUrl from '../../../styles/fonts.css?url&no-inline';
import letterBodyUrl from '../../../styles/letter-body.css?url&no-inline';
import tokensUrl from '../../../styles/tokens.css?url&no-inline';
import { letterQueries } from '../api/letters-queries';
import { escapeHtml, FRAME_CSS, frameDocument, MailPreview, useDebounced } from './MailPreview';

/** The archive's page of the letter: its series, its title and its body, in the archive's typography. */
const pageDocument = (letter: Letter, pageHtml: string) =>
  frameDocument(
    [fontsUrl, tokensUrl, letterBodyUrl, FRAME_CSS],
    `<article><p class="eyebrow">${escapeHtml(LETTER_SERIES_LABELS[letter.series])}</p><h1>${escapeHtml(letter.title)}</h1><div class="letter-body">${pageHtml}</div></article>`,
    'page',
  );

export function LetterPreview({ letter }: { letter: Letter }) {
  const settled = useDebounced(letter);
  const ready = Object.keys(letterProblems(settled)).length === 0;
  const query = useQuery({ ...letterQueries.preview(settled), enabled: ready });
  const rendered = ready ? query.data : undefined;
  return (
    <MailPreview
      missing={ready ? null : 'La vista previa aparece cuando la carta tiene título, dirección y texto.'}
      rendered={rendered?.mail}
      error={query.error}
      fetching={query.isFetching}
      withPage
      pageDocument={rendered ? pageDocument(settled, rendered.pageHtml) : undefined}
    />
  );
}
