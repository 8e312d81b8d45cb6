import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import type { Letter } from '../../../course/newsletter';
import { fromCoach, letterExcerpt, letterMail, letterPageHtml, UNSUBSCRIBE_LEAD } from './render';
import { SEED_LETTERS } from './seed/letters';

const SITE = 'https://manifiesta.example';
const UNSUBSCRIBE = `${SITE}/newsletter/baja?token=abc123`;
const options = { publicUrl: SITE, coachName: 'Ana Pérez', unsubscribeUrl: UNSUBSCRIBE };
const letter = (markdown: string): Letter => ({ title: 'Una carta', slug: '2026-11-27-una-carta', series: 'dean', markdown });

const parse = (html: string) => JSDOM.fragment(html);
const page = (markdown: string) => parse(letterPageHtml(markdown, SITE));
const hrefs = (html: string) => [...parse(html).querySelectorAll('a')].map((a) => a.getAttribute('href'));

describe('the page sanitizer', () => {
  it('strips scripts, styles, iframes and the rest of what runs or restyles, inline or as raw HTML', () => {
    const html = letterPageHtml(
      [
        'Antes <script>alert(1)</script> después',
        '',
        '<style>body{display:none}</style>',
        '',
        '<iframe src="https://evil.example"></iframe>',
        '',
        '<object data="x.swf"></object><embed src="x.swf"><form action="/x"><input name="a"></form>',
        '',
        '<p style="color:red" class="x" id="y">Con estilo</p>',
      ].join('\n'),
      SITE,
    );
    expect(html).not.toMatch(/<script|alert\(1\)|<style|display:none|<iframe|<object|<embed|<form|<input|style=|class=|id=/i);
    expect(parse(html).textContent).toContain('Con estilo');
  });

  it('strips every event handler', () => {
    const html = letterPageHtml(
      '<p onclick="steal()" onmouseover="steal()">Hola</p>\n\n<img src="/media/a.jpg" onerror="steal()">\n\n<a href="/curso" onfocus="steal()">x</a>',
      SITE,
    );
    expect(html).not.toMatch(/\son\w+=|steal/i);
    expect(html).toContain('Hola');
  });

  it('drops javascript:, vbscript:, data: and protocol-relative links, however written', () => {
    const markdown = [
      '[uno](javascript:alert(1))',
      '[dos](JaVaScRiPt:alert(1))',
      '<a href="java&#x09;script:alert(1)">tres</a>',
      '<a href=" javascript:alert(1)">cuatro</a>',
      '[cinco](vbscript:msgbox)',
      '[seis](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[siete](//evil.example/x)',
      '[ocho](/curso)',
    ].join('\n\n');
    const html = letterPageHtml(markdown, SITE);
    expect(html).not.toMatch(/javascript|vbscript|data:/i);
    expect(hrefs(html)).toEqual([null, null, null, null, null, null, null, '/curso']);
    expect(parse(html).textContent).toContain('ocho');
  });

  it('keeps images only from our /media/', () => {
    const html = letterPageHtml(
      [
        '![nuestra](/media/abc.jpg)',
        `![absoluta](${SITE}/media/def.png)`,
        '![ajena](https://evil.example/media/x.jpg)',
        '![otra ruta](/api/coach/x.jpg)',
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="datos">',
      ].join('\n\n'),
      SITE,
    );
    expect([...parse(html).querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['/media/abc.jpg', '/media/def.png']);
  });

  it('opens external links in a new tab without opener or referrer, and leaves ours as plain links', () => {
    const fragment = page(`[fuera](https://otra.example/x) [nuestra](/curso) [absoluta](${SITE}/afirmaciones) [correo](mailto:hola@manifiesta.example)`);
    const links = [...fragment.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('target'), a.getAttribute('rel')]);
    expect(links).toEqual([
      ['fuera', '_blank', 'noopener noreferrer'],
      ['nuestra', null, null],
      ['absoluta', null, null],
      ['correo', null, null],
    ]);
  });

  it('keeps the structure: headings below the title, paragraphs, lists, quotes, links', () => {
    const fragment = page(
      [
        '# Un título',
        '',
        'Un párrafo con **fuerza**, *énfasis* y un [enlace](/newsletter).',
        '',
        '### Un subtítulo',
        '',
        '- uno',
        '- dos',
        '',
        '1. primero',
        '2. segundo',
        '',
        '> Lo que resistes, persiste.',
        '',
        '###### Muy abajo',
      ].join('\n'),
    );
    expect([...fragment.children].map((element) => element.tagName)).toEqual(['H2', 'P', 'H3', 'UL', 'OL', 'BLOCKQUOTE', 'H4']);
    expect(fragment.querySelector('h2')!.textContent).toBe('Un título');
    expect([...fragment.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['uno', 'dos']);
    expect([...fragment.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['primero', 'segundo']);
    expect(fragment.querySelector('blockquote > p')!.textContent).toBe('Lo que resistes, persiste.');
    expect(fragment.querySelector('p strong')!.textContent).toBe('fuerza');
    expect(fragment.querySelector('p em')!.textContent).toBe('énfasis');
    expect(fragment.querySelector('p a')!.getAttribute('href')).toBe('/newsletter');
  });
});

describe('the mail', () => {
  const markdown = [
    '## La práctica',
    '',
    `Lee [la guía](/niveles), mira [el curso](${SITE}/curso?ref=x#inicio), visita [otra web](https://otra.example/a?b=1) o escribe a [hola@manifiesta.example](mailto:hola@manifiesta.example).`,
    '',
    '- uno con [enlace](/afirmaciones)',
    '- dos',
    '',
    '> Una cita.',
    '',
    '![foto](/media/abc.jpg)',
  ].join('\n');
  const mail = letterMail(letter(markdown), options);

  it('has the title as subject and heading, and inline styles rather than a style sheet', () => {
    expect(mail.subject).toBe('Una carta');
    const doc = new JSDOM(mail.html).window.document;
    expect(doc.querySelector('h1')!.textContent).toBe('Una carta');
    expect(doc.querySelector('style')).toBeNull();
    for (const tag of ['h2', 'p', 'ul', 'li', 'blockquote', 'a', 'img']) expect(doc.querySelector(tag)!.getAttribute('style'), tag).toBeTruthy();
    // Fluid: a card of at most 520px that narrows with the screen, and images that never overflow it.
    expect(mail.html).toContain('max-width:520px');
    expect(doc.querySelector('img')!.getAttribute('style')).toContain('max-width:100%');
    expect(doc.querySelector('img')!.getAttribute('src')).toBe(`${SITE}/media/abc.jpg`);
  });

  it('marks our links with the letter’s campaign, made absolute, and leaves the others as written', () => {
    const links = hrefs(new JSDOM(mail.html).window.document.body.innerHTML);
    expect(links).toEqual([
      `${SITE}/niveles?utm_source=newsletter&utm_campaign=2026-11-27-una-carta`,
      `${SITE}/curso?ref=x&utm_source=newsletter&utm_campaign=2026-11-27-una-carta#inicio`,
      'https://otra.example/a?b=1',
      'mailto:hola@manifiesta.example',
      `${SITE}/afirmaciones?utm_source=newsletter&utm_campaign=2026-11-27-una-carta`,
      UNSUBSCRIBE,
    ]);
  });

  it('has a plain-text part with the links written out', () => {
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.text).toContain(`la guía (${SITE}/niveles?utm_source=newsletter&utm_campaign=2026-11-27-una-carta)`);
    expect(mail.text).toContain('otra web (https://otra.example/a?b=1)');
    expect(mail.text).toContain('escribe a hola@manifiesta.example.');
    expect(mail.text).toContain(`- uno con enlace (${SITE}/afirmaciones?utm_source=newsletter&utm_campaign=2026-11-27-una-carta)\n- dos`);
    expect(mail.text).toContain('> Una cita.');
    expect(mail.text).toContain('La práctica\n\nLee ');
  });

  it('has the unsubscribe link in both parts', () => {
    const doc = new JSDOM(mail.html).window.document;
    expect([...doc.querySelectorAll('a')].some((a) => a.getAttribute('href') === UNSUBSCRIBE)).toBe(true);
    expect(doc.body.textContent).toContain(UNSUBSCRIBE_LEAD);
    expect(mail.text).toContain(`${UNSUBSCRIBE_LEAD}\n${UNSUBSCRIBE}`);
  });

  it('says the coach’s name from the settings, and no name when there is none', () => {
    expect(mail.html).toContain(fromCoach('Ana Pérez'));
    expect(mail.text).toContain(fromCoach('Ana Pérez'));
    const anonymous = letterMail(letter(markdown), { ...options, coachName: null });
    expect(anonymous.html).not.toContain('Una carta de');
    expect(anonymous.text).not.toContain('Una carta de');
    expect(anonymous.html).not.toContain('Ana');
  });

  it('escapes the coach’s name and the title', () => {
    const odd = letterMail({ ...letter('Hola'), title: 'Uno <b>y</b> otro' }, { ...options, coachName: 'Ana <i>' });
    expect(odd.html).not.toContain('<b>y</b>');
    expect(odd.html).not.toContain('Ana <i>');
  });

  it('is as safe as the page: the same sanitizer runs first', () => {
    const unsafe = letterMail(letter('<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>'), options);
    expect(unsafe.html).not.toMatch(/<script|javascript:|onerror|alert/i);
    expect(unsafe.text).not.toMatch(/javascript:|alert/i);
  });
});

describe('the archive’s first letters, in Markdown', () => {
  const markdownOf = (series: string, slug: string) => readFileSync(new URL(`./seed/${series}/${slug}.md`, import.meta.url), 'utf8');

  it.each(SEED_LETTERS.map((l) => [l.series, l.slug] as const))('%s/%s renders as a letter: no markup left in its words', (series, slug) => {
    const fragment = page(markdownOf(series, slug));
    const text = fragment.textContent!;
    expect(text).not.toMatch(/\{\{|\*\*|<|>|\\/);
    // Written as every letter of the archive was: a weekly practice, and the farewell on two lines.
    expect([...fragment.querySelectorAll('h2')].map((h) => h.textContent)).toContain('La práctica de la semana');
    expect([...fragment.querySelectorAll('p')].some((p) => /^[^<]+,<br>Manifiesta$/.test(p.innerHTML))).toBe(true);
  });

  it('keeps the heading, the list and the farewell of «Creencias: el guion que no elegiste»', () => {
    const fragment = page(markdownOf('meta', '2025-08-05-creencias-el-guion-que-no-elegiste'));
    expect(fragment.querySelector('h2')!.textContent).toBe('La práctica de la semana');
    expect(fragment.querySelectorAll('ol > li')).toHaveLength(4);
    expect(fragment.querySelector('p')!.textContent).toMatch(/^Quizás te pasa con el dinero/);
  });
});

describe('the archive’s excerpt', () => {
  it('is the start of the first paragraph as plain text, cut at a word', () => {
    expect(letterExcerpt('## Título\n\nHola, **tú**. Un [enlace](/x).', SITE)).toBe('Hola, tú. Un enlace.');
    const long = letterExcerpt(`${'palabra '.repeat(40)}fin`, SITE, 30);
    expect(long).toBe('palabra palabra palabra…');
    expect(letterExcerpt('<script>alert(1)</script>', SITE)).toBe('');
  });
});
