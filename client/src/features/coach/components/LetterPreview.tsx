// The editor's live preview: what she writes, a moment after she stops typing, as the server renders it — the
// archive's page, the mail (its subject above it) or the mail's plain text — at a computer's width or a phone's.
//
// Each view is a frame whose document comes from srcdoc, sandboxed without scripts: nothing in it runs, and a link
// in it goes nowhere. Such a document keeps this page's Content-Security-Policy (style-src 'self': no inline
// styles), so it takes the archive's typography from the stylesheet files the archive itself uses (never inlined as data: URLs,
// which the policy refuses too), and the mail's inline styles (its look in a mail program) are moved out of its
// markup and set back through the DOM once it is loaded, which the policy allows. Both ask the frame to keep this
// site's origin (allow-same-origin): an opaque origin could not load the stylesheets (the site's
// Cross-Origin-Resource-Policy is same-origin), nor could this page reach the mail's elements.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { letterProblems, LETTER_SERIES_LABELS, type Letter } from '../../../../../course/newsletter';
import fontsUrl from '../../../styles/fonts.css?url&no-inline';
import letterBodyUrl from '../../../styles/letter-body.css?url&no-inline';
import tokensUrl from '../../../styles/tokens.css?url&no-inline';
import { letterQueries } from '../api/letters-queries';
import letterCssUrl from './letter-preview.css?url&no-inline';
import own from './LetterPreview.module.css';

type View = 'page' | 'mail' | 'text';
type Width = 'desktop' | 'phone';

const VIEWS: { view: View; label: string }[] = [
  { view: 'page', label: 'Página' },
  { view: 'mail', label: 'Correo' },
  { view: 'text', label: 'Texto' },
];
const WIDTHS: { width: Width; label: string }[] = [
  { width: 'desktop', label: 'Escritorio' },
  { width: 'phone', label: 'Teléfono' },
];

/** How long she pauses before the preview asks the server. */
export const PREVIEW_DELAY_MS = 400;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A frame's whole document: the site's stylesheets given (no inline style: see above) and the body. */
const frameDocument = (stylesheets: string[], body: string, bodyClass: string) =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8">${stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('')}</head><body class="${bodyClass}">${body}</body></html>`;

/** The archive's page of the letter: its series, its title and its body, in the archive's typography. */
const pageDocument = (letter: Letter, pageHtml: string) =>
  frameDocument(
    [fontsUrl, tokensUrl, letterBodyUrl, letterCssUrl],
    `<article><p class="eyebrow">${escapeHtml(LETTER_SERIES_LABELS[letter.series])}</p><h1>${escapeHtml(letter.title)}</h1><div class="letter-body">${pageHtml}</div></article>`,
    'page',
  );

const STYLE_MARK = 'data-preview-style';

/** The mail with each inline style kept aside in an attribute the policy ignores (styleMail sets them back). */
const mailDocument = (html: string) => frameDocument([letterCssUrl], html.replace(/\sstyle=(["'])/g, ` ${STYLE_MARK}=$1`), 'mail');

/** Gives every element of the loaded mail its own style again, through the DOM. */
function styleMail(frame: HTMLIFrameElement) {
  for (const element of frame.contentDocument?.querySelectorAll<HTMLElement>(`[${STYLE_MARK}]`) ?? []) {
    element.style.cssText = element.getAttribute(STYLE_MARK) ?? '';
  }
}

export function LetterPreview({ letter }: { letter: Letter }) {
  const [view, setView] = useState<View>('page');
  const [width, setWidth] = useState<Width>('desktop');
  const settled = useDebounced(letter, PREVIEW_DELAY_MS);
  const ready = Object.keys(letterProblems(settled)).length === 0;
  const query = useQuery({ ...letterQueries.preview(settled), enabled: ready });
  const rendered = ready ? query.data : undefined;

  return (
    <section className={own.preview} aria-labelledby="vista-previa">
      <h2 id="vista-previa" className={own.title}>
        Vista previa
      </h2>
      <div className={own.toggles}>
        <div role="group" aria-label="Qué ver" className={own.toggle}>
          {VIEWS.map((v) => (
            <button key={v.view} type="button" aria-pressed={view === v.view} onClick={() => setView(v.view)}>
              {v.label}
            </button>
          ))}
        </div>
        <div role="group" aria-label="Ancho" className={own.toggle}>
          {WIDTHS.map((w) => (
            <button key={w.width} type="button" aria-pressed={width === w.width} onClick={() => setWidth(w.width)}>
              {w.label}
            </button>
          ))}
        </div>
      </div>
      {!ready ? (
        <p className={own.note}>La vista previa aparece cuando la carta tiene título, dirección y texto.</p>
      ) : query.isError && !rendered ? (
        <p className={own.note} role="alert">
          {query.error.message}
        </p>
      ) : !rendered ? (
        <p className={own.note}>Preparando la vista previa…</p>
      ) : (
        <div className={width === 'phone' ? own.phone : own.desktop} aria-busy={query.isFetching}>
          {view === 'mail' ? (
            <p className={own.subject}>
              <span>Asunto:</span> {rendered.mail.subject}
            </p>
          ) : null}
          {view === 'text' ? (
            <pre className={own.text} aria-label="El correo en texto simple">
              {rendered.mail.text}
            </pre>
          ) : view === 'mail' ? (
            <iframe
              className={own.frame}
              title="El correo"
              sandbox="allow-same-origin"
              srcDoc={mailDocument(rendered.mail.html)}
              onLoad={(e) => styleMail(e.currentTarget)}
            />
          ) : (
            <iframe className={own.frame} title="La página del archivo" sandbox="allow-same-origin" srcDoc={pageDocument(settled, rendered.pageHtml)} />
          )}
        </div>
      )}
    </section>
  );
}
