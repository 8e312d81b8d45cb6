// The e-mail HTML of a letter, made fit for the page: the personal greeting
// ('Hola {{nombre}}', filled in by the mailer, meaningless here) goes, and so does every inline style, so
// the letter takes the site's typography. Scripts, embeds and event handlers go too: the letters are our
// own files, but nothing that runs should ever ride along with them.

const GREETING = 'Hola {{nombre}}';

const DROPPED_ELEMENTS = 'script, style, link, meta, iframe, frame, object, embed, base, form';

/** The innermost elements holding the greeting: the paragraph that says it, not the letter around it. */
function greetingElements(root: ParentNode): Element[] {
  return [...root.querySelectorAll('*')].filter(
    (element) => element.textContent?.includes(GREETING) && ![...element.children].some((child) => child.textContent?.includes(GREETING)),
  );
}

function isScriptUrl(value: string): boolean {
  // The URL parser drops tabs and newlines anywhere and controls at the ends: 'java\nscript:' still runs.
  const visible = [...value].filter((char) => char.charCodeAt(0) > 0x20).join('');
  return /^(javascript|vbscript):/i.test(visible);
}

/**
 * Parsing happens under the page's Content-Security-Policy, which reports every inline style attribute
 * even in a detached document: rename them before parsing (the DOM pass below removes them for good).
 */
const STYLE_ATTRIBUTE = /(<[a-z][^>]*?\s)style(\s*=)/gi;
const NEUTRAL_STYLE = 'data-dropped-style';

export function sanitizeLetter(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(STYLE_ATTRIBUTE, `$1${NEUTRAL_STYLE}$2`), 'text/html');
  const body = doc.body;
  for (const element of greetingElements(body)) element.remove();
  for (const element of body.querySelectorAll(DROPPED_ELEMENTS)) element.remove();
  for (const element of body.querySelectorAll('*')) {
    for (const { name, value } of [...element.attributes]) {
      const attribute = name.toLowerCase();
      if (attribute === 'style' || attribute === NEUTRAL_STYLE || attribute.startsWith('on')) element.removeAttribute(name);
      else if ((attribute.endsWith('href') || attribute === 'src' || attribute === 'action') && isScriptUrl(value)) {
        element.removeAttribute(name);
      }
    }
  }
  return body.innerHTML.trim();
}
