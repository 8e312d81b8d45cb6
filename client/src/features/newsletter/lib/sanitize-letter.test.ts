import { describe, expect, it, vi } from 'vitest';
import { sanitizeLetter } from './sanitize-letter';

const parse = (html: string) => {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
};

describe('sanitizeLetter', () => {
  it('removes the greeting element, and only it', () => {
    const html = sanitizeLetter('<div class="letter"><p class="greeting">Hola {{nombre}},</p><p>Esta semana hablamos de soltar.</p></div>');
    expect(html).toBe('<div class="letter"><p>Esta semana hablamos de soltar.</p></div>');
  });

  it('finds the greeting however it is marked up', () => {
    const html = sanitizeLetter('<table><tr><td><span>Hola {{nombre}}</span>, ¿cómo estás?</td></tr></table><p>Sigue aquí.</p>');
    expect(html).not.toContain('{{nombre}}');
    expect(html).toContain('¿cómo estás?');
    expect(html).toContain('<p>Sigue aquí.</p>');
  });

  it('strips every inline style attribute and <style> element', () => {
    const html = sanitizeLetter(
      '<style>p{color:red}</style><div style="color:#333"><p style="margin:0">Texto <strong style="color:teal">fuerte</strong></p></div>',
    );
    const fragment = parse(html);
    expect(fragment.querySelectorAll('[style], style')).toHaveLength(0);
    expect(fragment.textContent).toBe('Texto fuerte');
  });

  it('never hands a style attribute to the parser (the page policy would report each one), whatever its spelling', () => {
    const parser = vi.spyOn(DOMParser.prototype, 'parseFromString');
    const html = sanitizeLetter(
      '<div STYLE="color:#333"><p class="x"\n   style = \'margin:0\'>Texto</p><td width="10" style=color:red>celda</td></div><p>style="no es un atributo"</p>',
    );
    const parsed = parser.mock.calls[0]![0];
    parser.mockRestore();
    expect(parsed).not.toMatch(/\sstyle\s*=/i);
    expect(parse(html).querySelectorAll('[style], [data-dropped-style]')).toHaveLength(0);
    expect(html).toContain('style="no es un atributo"');
  });

  it('drops scripts, embeds, event handlers and script URLs, keeping the text and safe links', () => {
    const html = sanitizeLetter(
      '<p onclick="steal()">Hola</p><script>steal()</script><iframe src="https://example.com"></iframe>' +
        '<a href="javascript:steal()">malo</a><a href=" java\nscript:steal()">también</a><a href="/hielo">retiro</a>' +
        '<img src="x" onerror="steal()" alt="">',
    );
    const fragment = parse(html);
    expect(fragment.querySelectorAll('script, iframe')).toHaveLength(0);
    expect([...fragment.querySelectorAll('*')].flatMap((el) => el.getAttributeNames()).filter((name) => name.startsWith('on'))).toEqual([]);
    const hrefs = [...fragment.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([null, null, '/hielo']);
    expect(fragment.textContent).toBe('Holamalotambiénretiro');
  });
});
