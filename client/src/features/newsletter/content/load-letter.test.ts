import { describe, expect, it } from 'vitest';
import { ARCHIVE } from '../archive';
import { sanitizeLetter } from '../lib/sanitize-letter';
import { letterKey, loadLetter } from './load-letter';

// The letter files as the bundle sees them, read here all at once.
const files = import.meta.glob<string>('./letters/*/*.html', { query: '?raw', import: 'default', eager: true });

/**
 * What the letters once told as the coach's own life, though she never wrote a word of it: her drawer and its key,
 * her own coach, years of Mondays, her mate, a fever, a spilt coffee, her patio, a sister, a grandfather, a client
 * called Laura, a trip to Córdoba, a rainy Monday, and a letter promised for December. We wrote the letters, so
 * they speak of the reader's experience or of a general image, never of hers.
 */
const INVENTED_LIFE = [
  'El domingo ordené',
  'Tardé una hora',
  'cuatro años',
  'Me quedé pensando',
  'La llave terminó en la basura',
  'Durante años traté a mi tristeza',
  'mi propia coach',
  'lloré como hacía mucho',
  'Te hago una confesión',
  'durante dos años',
  'servirme el primer mate',
  'Hoy medito',
  'La semana pasada me enfermé',
  'me di cuenta de algo',
  'ya sin fiebre',
  'se me volcó el café',
  'Me frené en seco',
  'el jazmín del patio',
  'Cada septiembre me pasa',
  'me hubiese gustado escuchar hace años',
  'En diciembre te voy a escribir',
  'me descubrí resoplando',
  'mi hermana',
  'el apuro era mío',
  'a mí me sirve',
  'Cuando era chica',
  'mi abuelo',
  'Pienso mucho en esa radio',
  'Laura',
  'foto del comprobante',
  'sierras de Córdoba',
  'fui a remar',
  'Esa tarde pensé',
  'Un lunes de este invierno',
  'me desperté tarde',
  'Aquel lunes elegí',
  'Volví empapada',
];

describe('the bundled letters', () => {
  it('are exactly the archive: one letter file per entry, none unlisted', () => {
    expect(Object.keys(files).sort()).toEqual(ARCHIVE.map((entry) => letterKey(entry.campaign, entry.slug)).sort());
  });

  it.each(ARCHIVE.map((entry) => [entry.slug, entry] as const))('%s loads, and loses its greeting and styles', async (_, entry) => {
    const content = await loadLetter(entry.campaign, entry.slug);
    expect(content.kind).toBe('found');
    const html = content.kind === 'found' ? content.html : '';
    // As sent by e-mail: a personal greeting and inline styles…
    expect(html).toContain('Hola {{nombre}}');
    expect(html).toMatch(/\sstyle="/);
    // …neither of which survives on the page.
    const template = document.createElement('template');
    template.innerHTML = sanitizeLetter(html);
    expect(template.content.textContent).not.toContain('{{nombre}}');
    expect(template.content.querySelectorAll('[style]')).toHaveLength(0);
    expect(template.content.querySelectorAll('p').length).toBeGreaterThan(4);
  });

  it.each(Object.entries(files))('%s tells nothing of the coach’s life she did not write', (_, html) => {
    expect(html).toContain('La práctica de la semana');
    expect(INVENTED_LIFE.filter((phrase) => html.includes(phrase))).toEqual([]);
  });
});

describe('loadLetter outcomes', () => {
  const modules = { './letters/dean/2025-07-01-el-arte-de-soltar.html': async () => '<p>Carta</p>' };

  it('answers the letter of a known campaign and slug', async () => {
    await expect(loadLetter('dean', '2025-07-01-el-arte-de-soltar', modules)).resolves.toEqual({ kind: 'found', html: '<p>Carta</p>' });
  });

  it("answers 'Newsletter not found' for a test campaign, whatever the slug", async () => {
    await expect(loadLetter('test', '2025-07-01-el-arte-de-soltar', modules)).resolves.toEqual({
      kind: 'not-found',
      reason: 'Newsletter not found',
    });
  });

  it("answers 'Newsletter not found' for a known campaign without that slug", async () => {
    await expect(loadLetter('meta', '2025-07-01-el-arte-de-soltar', modules)).resolves.toEqual({
      kind: 'not-found',
      reason: 'Newsletter not found',
    });
  });

  it("answers 'Campaign not found' for any other campaign", async () => {
    await expect(loadLetter('otra', 'cualquiera', modules)).resolves.toEqual({ kind: 'not-found', reason: 'Campaign not found' });
    await expect(loadLetter('constructor', 'x', modules)).resolves.toEqual({ kind: 'not-found', reason: 'Campaign not found' });
  });

  it('rejects when the letter exists but its chunk does not arrive', async () => {
    const failing = { './letters/dean/x.html': () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) };
    await expect(loadLetter('dean', 'x', failing)).rejects.toThrow('Failed to fetch');
  });
});
