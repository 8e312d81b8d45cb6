// The web app manifest (served as /manifest.webmanifest): how the site installs to a phone's home screen. Its
// colours are the design tokens' (client/src/styles/tokens.css), read at build time, so they cannot drift.
import { MEDITATION_TOOL_PATH } from '../../course/meditation';

/** The value of a custom property declared in tokens.css, e.g. tokenColour(css, '--color-cream'). */
export function tokenColour(css: string, name: string): string {
  const match = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css);
  if (!match) throw new Error(`tokens.css has no colour ${name}`);
  return match[1]!.toLowerCase();
}

export function webAppManifest(tokensCss: string) {
  return {
    id: '/',
    name: 'Manifiesta',
    short_name: 'Manifiesta',
    description: 'Tu curso de coaching holístico y la Meditación de las 7 Fases, también sin conexión.',
    lang: 'es',
    dir: 'ltr',
    start_url: '/menu',
    scope: '/',
    display: 'standalone',
    // The page's background while the app opens, and the bar around it: the site's cream and sand.
    background_color: tokenColour(tokensCss, '--color-cream'),
    theme_color: tokenColour(tokensCss, '--color-sand-100'),
    categories: ['health', 'lifestyle', 'education'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      {
        name: 'Meditación de las 7 Fases',
        short_name: 'Meditar',
        description: 'Medita ahora, con o sin conexión.',
        url: MEDITATION_TOOL_PATH,
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
      { name: 'Tu curso', short_name: 'Curso', url: '/cursos/manifiesta' },
    ],
  };
}
