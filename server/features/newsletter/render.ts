// A letter's Markdown made into the archive page's HTML and into the mail (HTML with inline styles, and plain text).
// Both start from one sanitized tree: whatever the Markdown holds (raw HTML included), only the tags and attributes
// listed here survive, links only to the web or to a mail address, images only from our own /media/.
import createDOMPurify, { type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { Marked } from 'marked';
import { letterUtm, type Letter } from '../../../course/newsletter';
import { escape, layout, linkLine, paragraph } from '../accounts/emails';

// One window for every render: DOMPurify and the fragments below only need its parser and node types.
const { window } = new JSDOM('');
const purify = createDOMPurify(window as unknown as WindowLike);

const ALLOWED_TAGS = ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'strong', 'em', 'b', 'i', 'del', 's', 'br', 'hr', 'img', 'code', 'pre'];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title'];
/** http(s), mailto, or a path of this site; everything else (javascript:, data:, vbscript:, file:…) loses its href. */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto):|\/(?!\/)|#)/i;

// The page gives the letter its title (h1), so the Markdown's headings start one level below and stop at h4.
const marked = new Marked({
  gfm: true,
  walkTokens(token) {
    if (token.type === 'heading') token.depth = Math.min(Math.max(token.depth, 2), 4);
  },
});

type Fragment = ReturnType<typeof window.document.createDocumentFragment>;

/** The letter's body, parsed and sanitized: the one tree both the page and the mail are made from. */
function sanitizedTree(markdown: string, site: URL): Fragment {
  const raw = marked.parse(markdown, { async: false });
  const fragment = purify.sanitize(raw, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  }) as unknown as Fragment;
  for (const img of [...fragment.querySelectorAll('img')]) {
    const src = ourMedia(img.getAttribute('src'), site);
    if (src) img.setAttribute('src', src);
    else img.remove();
  }
  for (const a of [...fragment.querySelectorAll('a')]) {
    const href = a.getAttribute('href');
    if (href === null) continue;
    if (isExternal(href, site)) {
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer');
    }
  }
  return fragment;
}

/** A path under /media/ on this site (as a path), or null for any other image, data: URLs included. */
function ourMedia(src: string | null, site: URL): string | null {
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src, site);
  } catch {
    return null;
  }
  return url.origin === site.origin && url.pathname.startsWith('/media/') ? url.pathname : null;
}

const ourUrl = (href: string, site: URL): URL | null => {
  try {
    const url = new URL(href, site);
    return url.origin === site.origin ? url : null;
  } catch {
    return null;
  }
};

/** A link that leaves the site for another web page (a mail address is not a page that could open one). */
const isExternal = (href: string, site: URL) => /^https?:/i.test(href) && !ourUrl(href, site);

const serialize = (fragment: Fragment) => {
  const holder = window.document.createElement('div');
  holder.append(fragment.cloneNode(true));
  return holder.innerHTML;
};

/** The letter's HTML for the archive page, which adds the title, date and the site's typography around it. */
export function letterPageHtml(markdown: string, publicUrl: string): string {
  return serialize(sanitizedTree(markdown, new URL(publicUrl))).trim();
}

const LINK_STYLE = 'color:#1F5C57';
// The paragraphs' own style is accounts/emails' paragraph(); these are the other blocks' and the inline elements'.
const STYLES: Record<string, string> = {
  H2: 'font-family:Georgia,serif;font-size:20px;line-height:1.3;color:#A34E2C;margin:28px 0 12px',
  H3: 'font-family:Georgia,serif;font-size:18px;line-height:1.3;margin:24px 0 8px',
  H4: 'font-size:16px;line-height:1.3;margin:20px 0 8px',
  UL: 'font-size:16px;line-height:1.6;margin:0 0 16px;padding-left:22px',
  OL: 'font-size:16px;line-height:1.6;margin:0 0 16px;padding-left:22px',
  LI: 'margin-bottom:8px',
  BLOCKQUOTE: 'border-left:4px solid #C4673F;margin:24px 0;padding:4px 0 4px 16px;font-style:italic;color:#5C544D',
  PRE: 'white-space:pre-wrap;font-size:14px;background:#F4EBDD;padding:12px;border-radius:8px',
  HR: 'border:none;border-top:1px solid #E2D6C4;margin:28px 0',
  IMG: 'max-width:100%;height:auto;border:0;display:block;margin:16px 0',
  A: LINK_STYLE,
};

/** The tree made ready for a mail: our links absolute and marked with the mail's campaign (`utm`), images absolute, styles inline. */
function mailTree(markdown: string, utm: Record<string, string>, site: URL): Fragment {
  const fragment = sanitizedTree(markdown, site);
  for (const a of [...fragment.querySelectorAll('a[href]')]) {
    const url = ourUrl(a.getAttribute('href')!, site);
    if (!url || !/^https?:$/.test(url.protocol)) continue;
    for (const [key, value] of Object.entries(utm)) url.searchParams.set(key, value);
    a.setAttribute('href', url.toString());
  }
  for (const img of [...fragment.querySelectorAll('img')]) img.setAttribute('src', new URL(img.getAttribute('src')!, site).toString());
  for (const element of [...fragment.querySelectorAll('*')]) {
    const style = STYLES[element.tagName];
    if (style) element.setAttribute('style', style);
  }
  for (const blockquote of [...fragment.querySelectorAll('blockquote > p')]) blockquote.setAttribute('style', 'margin:0');
  return fragment;
}

/** Each top-level block as mail HTML: paragraphs in the account mails' house style, the rest as styled above. */
function mailBlocks(fragment: Fragment): string[] {
  return [...fragment.children].map((element) => (element.tagName === 'P' ? paragraph(element.innerHTML) : element.outerHTML));
}

const BLOCKS = new Set(['P', 'H2', 'H3', 'H4', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'PRE', 'HR']);

/** Plain text of a mail tree: blocks apart by a blank line, list items marked, quotes with «> », links written out. */
function plainText(fragment: Fragment): string {
  const inline = (node: Node): string => {
    if (node.nodeType === window.Node.TEXT_NODE) return (node.textContent ?? '').replace(/\s+/g, ' ');
    if (node.nodeType !== window.Node.ELEMENT_NODE) return '';
    const element = node as Element;
    if (element.tagName === 'BR') return '\n';
    if (element.tagName === 'IMG') return element.getAttribute('alt') ? `[${element.getAttribute('alt')}]` : '';
    const content = [...element.childNodes].map(inline).join('');
    if (element.tagName === 'A') {
      const href = element.getAttribute('href');
      if (!href) return content;
      const link = href.replace(/^mailto:/i, '');
      return content.trim() === '' || content.trim() === link ? link : `${content} (${link})`;
    }
    return content;
  };
  const blocks = (parent: ParentNode, ordered = false): string[] => {
    const out: string[] = [];
    let run = '';
    let index = 0;
    const flush = () => {
      if (run.trim() !== '') out.push(run.trim().replace(/ *\n */g, '\n'));
      run = '';
    };
    for (const node of [...parent.childNodes]) {
      const element = node.nodeType === window.Node.ELEMENT_NODE ? (node as Element) : null;
      if (!element || !BLOCKS.has(element.tagName)) {
        run += inline(node);
        continue;
      }
      flush();
      switch (element.tagName) {
        case 'UL':
        case 'OL':
          out.push(blocks(element, element.tagName === 'OL').join('\n'));
          break;
        case 'LI': {
          index += 1;
          const marker = ordered ? `${index}. ` : '- ';
          const body = blocks(element).join('\n');
          out.push(marker + body.replace(/\n/g, `\n${' '.repeat(marker.length)}`));
          break;
        }
        case 'BLOCKQUOTE':
          out.push(
            blocks(element)
              .join('\n\n')
              .split('\n')
              .map((line) => (line ? `> ${line}` : '>'))
              .join('\n'),
          );
          break;
        case 'HR':
          out.push('---');
          break;
        case 'PRE':
          out.push(element.textContent ?? '');
          break;
        default:
          out.push(blocks(element).join('\n'));
      }
    }
    flush();
    return out.filter((block) => block !== '');
  };
  return blocks(fragment).join('\n\n');
}

/**
 * Markdown the coach wrote as the body of a mail, in the house style: its HTML blocks (for accounts/emails' layout)
 * and its plain text. Links to this site carry `utm`. Letters and the welcome sequences' mails are written with it.
 */
export function markdownMailParts(markdown: string, utm: Record<string, string>, publicUrl: string): { blocks: string[]; text: string } {
  const tree = mailTree(markdown, utm, new URL(publicUrl));
  return { blocks: mailBlocks(tree), text: plainText(tree) };
}

export type LetterMailOptions = {
  publicUrl: string;
  /** The coach's name from the site's settings, or null when she has not written one: then no name is said. */
  coachName: string | null;
  /** The recipient's own unsubscribe link. */
  unsubscribeUrl: string;
};

export type LetterMail = { subject: string; html: string; text: string };

/** A letter's cover as the mail shows it: its file on this site (a path: JPEG or PNG, which every mail program shows) and its size. */
export type MailCover = { src: string; width: number; height: number };

/** How wide the mail's text is (accounts/emails' layout: 520 px less its padding of 32 on each side), and so a cover at most. */
const MAIL_CONTENT_WIDTH = 456;

/** The cover across the mail's width (never wider than its file), its height following; decorative, so no alt text. */
function coverBlock(cover: MailCover, publicUrl: string): string {
  const width = Math.min(cover.width, MAIL_CONTENT_WIDTH);
  const src = new URL(cover.src, publicUrl).toString();
  return `<img src="${escape(src)}" alt="" width="${width}" style="display:block;width:100%;max-width:${width}px;height:auto;border:0;border-radius:12px;margin:0 0 24px">`;
}

export const UNSUBSCRIBE_LEAD = 'Si ya no quieres recibir estas cartas, puedes darte de baja aquí:';
export const fromCoach = (name: string) => `Una carta de ${name}`;

/** A letter as it is rendered: its cover (if any) already found in the library. */
export type RenderedLetter = Letter & { cover?: MailCover | null };

/**
 * The letter as a mail: the title as subject and heading, who writes it, its cover (in the HTML part only), the
 * body, and the unsubscribe link in both parts. The letter closes in its own words (its Markdown ends with the
 * coach's farewell), so the mail adds no sign-off of its own.
 */
export function letterMail(letter: RenderedLetter, options: LetterMailOptions): LetterMail {
  const { blocks, text: body } = markdownMailParts(letter.markdown, letterUtm(letter.slug), options.publicUrl);
  const byline = options.coachName ? fromCoach(options.coachName) : null;
  const head = [...(byline ? [paragraph(escape(byline), true)] : []), ...(letter.cover ? [coverBlock(letter.cover, options.publicUrl)] : [])];
  const html = layout(letter.title, [...head, ...blocks], {
    signOff: [],
    footer: [linkLine(UNSUBSCRIBE_LEAD, options.unsubscribeUrl)],
  });
  const text = [letter.title, ...(byline ? [byline] : []), '', body, '', '--', UNSUBSCRIBE_LEAD, options.unsubscribeUrl].join('\n');
  return { subject: letter.title, html, text };
}

/** The start of a letter's first paragraph as plain text, cut at a word within `max` characters (with «…» when cut). */
export function letterExcerpt(markdown: string, publicUrl: string, max = 180): string {
  const first = sanitizedTree(markdown, new URL(publicUrl)).querySelector('p');
  const text = (first?.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,;:.—–-]+$/, '');
  return `${atWord}…`;
}

/** Both renderings of a letter: the archive page's HTML and the mail. */
export function renderLetter(letter: RenderedLetter, options: LetterMailOptions): { pageHtml: string; mail: LetterMail } {
  return { pageHtml: letterPageHtml(letter.markdown, options.publicUrl), mail: letterMail(letter, options) };
}
