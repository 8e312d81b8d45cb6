import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesOf } from './build';
import { tokenColour, webAppManifest } from './manifest';

const tokens = readFileSync(path.resolve(import.meta.dirname, '../src/styles/tokens.css'), 'utf8');

describe('the web app manifest', () => {
  it('takes its colours from the design tokens, and names icons for any shape and for masks', () => {
    const manifest = webAppManifest(tokens);
    expect(manifest.background_color).toBe(tokenColour(tokens, '--color-cream'));
    expect(manifest.theme_color).toBe(tokenColour(tokens, '--color-sand-100'));
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest).toMatchObject({ lang: 'es', display: 'standalone', start_url: '/menu' });
    expect(manifest.icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    for (const icon of manifest.icons)
      expect(
        readFileSync(path.resolve(import.meta.dirname, '../public', `.${icon.src}`))
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
  });

  it('a token that is not there stops the build', () => {
    expect(() => tokenColour(tokens, '--color-nada')).toThrow('--color-nada');
  });
});

describe('the files the service worker keeps', () => {
  const manifest = {
    'index.html': { file: 'assets/index-a1.js', isEntry: true, css: ['assets/index-c1.css'], imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-r1.js' },
    'src/Tool.tsx': { file: 'assets/Tool-t1.js', css: ['assets/Tool-c2.css'], assets: ['assets/font-f1.woff2'], imports: ['_react.js', '_course.js'] },
    '_course.js': { file: 'assets/course-k1.js' },
    'src/Other.tsx': { file: 'assets/Other-o1.js' },
  };

  it("are the roots' scripts, styles and assets and those of everything they import, once each", () => {
    expect(filesOf(manifest, ['index.html', 'src/Tool.tsx'])).toEqual([
      '/assets/index-a1.js',
      '/assets/index-c1.css',
      '/assets/react-r1.js',
      '/assets/Tool-t1.js',
      '/assets/Tool-c2.css',
      '/assets/font-f1.woff2',
      '/assets/course-k1.js',
    ]);
  });

  it('a root missing from the build stops it', () => {
    expect(() => filesOf(manifest, ['src/Gone.tsx'])).toThrow("'src/Gone.tsx' is not in the build manifest");
  });
});
