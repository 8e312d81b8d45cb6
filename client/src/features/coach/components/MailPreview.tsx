// The desk's live preview of what the coach writes (a letter, a welcome mail), a moment after she stops typing, as
// the server renders it: the mail (its subject above it), the mail's plain text, and for a letter the archive's
// page — at a computer's width or a phone's.
//
// Each view is a frame whose document comes from srcdoc, sandboxed without scripts: nothing in it runs, and a link
// in it goes nowhere. Such a document keeps this page's Content-Security-Policy (style-src 'self': no inline
// styles), so it takes its typography from stylesheet files of this site (never inlined as data: URLs, which the
// policy refuses too), and the mail's inline styles (its look in a mail program) are moved out of its markup and
// set back through the DOM once it is loaded, which the policy allows. Both ask the frame to keep this site's
// origin (allow-same-origin): an opaque origin could not load the stylesheets (the site's
// Cross-Origin-Resource-Policy is same-origin), nor could this page reach the mail's elements.
import { useEffect, useState } from 'react';
import frameCssUrl from './letter-preview.css?url&no-inline';
import own from './MailPreview.module.css';

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

/** `value` once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms = PREVIEW_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A frame's whole document: the site's stylesheets given (no inline style: see above) and the body. */
export const frameDocument = (stylesheets: string[], body: string, bodyClass: string) =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8">${stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('')}</head><body class="${bodyClass}">${body}</body></html>`;

/** The stylesheet of the frames' own page around what they show. */
export const FRAME_CSS = frameCssUrl;

const STYLE_MARK = 'data-preview-style';

/** The mail with each inline style kept aside in an attribute the policy ignores (styleMail sets them back). */
const mailDocument = (html: string) => frameDocument([frameCssUrl], html.replace(/\sstyle=(["'])/g, ` ${STYLE_MARK}=$1`), 'mail');

/** Gives every element of the loaded mail its own style again, through the DOM. */
function styleMail(frame: HTMLIFrameElement) {
  for (const element of frame.contentDocument?.querySelectorAll<HTMLElement>(`[${STYLE_MARK}]`) ?? []) {
    element.style.cssText = element.getAttribute(STYLE_MARK) ?? '';
  }
}

export type RenderedMail = { subject: string; html: string; text: string };

type MailPreviewProps = {
  /** What is still missing before there is anything to show (null: the text is ready). */
  missing: string | null;
  /** The server's rendering, the last one while the next comes. */
  rendered: RenderedMail | undefined;
  error: Error | null;
  fetching: boolean;
  /** For a letter: it has a page in the archive (a mail alone has none), and that page's document once rendered. */
  withPage?: boolean;
  pageDocument?: string;
};

export function MailPreview({ missing, rendered, error, fetching, withPage = false, pageDocument }: MailPreviewProps) {
  const [view, setView] = useState<View>(withPage ? 'page' : 'mail');
  const [width, setWidth] = useState<Width>('desktop');
  const views = VIEWS.filter((v) => v.view !== 'page' || withPage);

  return (
    <section className={own.preview} aria-labelledby="vista-previa">
      <h2 id="vista-previa" className={own.title}>
        Vista previa
      </h2>
      <div className={own.toggles}>
        <div role="group" aria-label="Qué ver" className={own.toggle}>
          {views.map((v) => (
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
      {missing !== null ? (
        <p className={own.note}>{missing}</p>
      ) : error && !rendered ? (
        <p className={own.note} role="alert">
          {error.message}
        </p>
      ) : !rendered ? (
        <p className={own.note}>Preparando la vista previa…</p>
      ) : (
        <div className={width === 'phone' ? own.phone : own.desktop} aria-busy={fetching}>
          {view === 'mail' ? (
            <p className={own.subject}>
              <span>Asunto:</span> {rendered.subject}
            </p>
          ) : null}
          {view === 'text' ? (
            <pre className={own.text} aria-label="El correo en texto simple">
              {rendered.text}
            </pre>
          ) : view === 'mail' || !pageDocument ? (
            <iframe
              className={own.frame}
              title="El correo"
              sandbox="allow-same-origin"
              srcDoc={mailDocument(rendered.html)}
              onLoad={(e) => styleMail(e.currentTarget)}
            />
          ) : (
            <iframe className={own.frame} title="La página del archivo" sandbox="allow-same-origin" srcDoc={pageDocument} />
          )}
        </div>
      )}
    </section>
  );
}
