// Everything we write speaks tú. The only vos a visitor may read is what the product's specification
// quotes word for word, listed here as the specification spells it.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lineOf, shippedCopy } from './shipped-copy';
import { findGenderedPairs, findVoseo } from './voice';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Texts the specification quotes in vos: exempt only as the whole text, letter for letter. */
const SPEC_TEXTS_IN_VOS = ['Ingresá un email válido'];

/** The programme's name, fixed by the specification as the headline of /reprograma: a name, not an order. */
const NAMES_IN_VOS = ['Reprogramate'];

/**
 * First-person past tenses spelled like a vos imperative ("viví", "elegí"): the coach telling a story she wrote herself.
 * Each is the exact phrase around the word, so the same word anywhere else is still read as voseo. None ships today:
 * nothing we write tells her story for her.
 */
const NARRATION: readonly string[] = [];

/** Files written in the first person throughout: the demo learners' own answers and the coach's notes. */
const FIRST_PERSON_FILES = ['scripts/seed-demo/texts.ts'];

const normalized = (text: string) => text.trim().replace(/\s+/g, ' ');

function insideNarration(text: string, index: number): boolean {
  return NARRATION.some((phrase) => {
    for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
      if (index >= at && index < at + phrase.length) return true;
    }
    return false;
  });
}

describe('findVoseo', () => {
  const found = (text: string) => findVoseo(text).map(({ word, kind }) => (kind === 'voseo' ? word : `${word}?`));

  it('finds the pronoun, presents and imperatives of vos', () => {
    expect(found('Si vos querés, podés: sos capaz. Agendá tu llamada y reservá tu lugar.')).toEqual(['vos', 'querés', 'podés', 'sos', 'Agendá', 'reservá']);
    expect(found('Mirá lo que sentís, esperás y elegís; hacé una pausa y decí gracias.')).toEqual(['Mirá', 'sentís', 'esperás', 'elegís', 'hacé', 'decí']);
  });

  it('finds imperatives with their pronouns attached, which drop the accent', () => {
    expect(found('Sumate, escribime, contame, anotalo, repetilas, tomate un momento y contámelo.')).toEqual([
      'Sumate',
      'escribime',
      'contame',
      'anotalo',
      'repetilas',
      'tomate',
      'contámelo',
    ]);
  });

  it('leaves tú and the accented words every Spanish speaker writes alone', () => {
    expect(
      found(
        'Más allá de lo que está aquí, así, después, jamás, atrás y además: ¿qué sientes? Estás en tu país; ' +
          'será fácil, podrás y tendrás tiempo, harás lo que dirás. Mírate, súmate, escríbeme, cuéntame, ' +
          'date permiso, toma un café, chocolate, regalo, escala, límite, interés, estrés, los porqués, ' +
          "borderCollapse: 'separate', generate.",
      ),
    ).toEqual([]);
  });

  it('reads "elegí" as ambiguous, and as the past after a pronoun or "que"', () => {
    expect(found('Elegí una frase. Yo elegí quedarme; la elegí porque me sentí en casa, lo que escribí.')).toEqual(['Elegí?']);
    expect(found('Escribí la frase y seguila.')).toEqual(['Escribí?', 'seguila']);
  });
});

describe('findGenderedPairs', () => {
  it('finds both genders spelled out, and nothing else', () => {
    expect(findGenderedPairs('qué tan satisfecha o satisfecho, como invitada o invitado, amigos o amigas, ni sola ni solo, amigo/a')).toEqual([
      'satisfecha o satisfecho',
      'invitada o invitado',
      'amigos o amigas',
      'sola ni solo',
      'amigo/a',
    ]);
    expect(findGenderedPairs('una cosa o la otra, dentro o fuera, amigas y amigos, audio/afirmaciones')).toEqual([]);
  });
});

describe('the copy we ship', () => {
  const copy = shippedCopy(ROOT);

  it('covers pages, course, mails, jobs, letters, downloads, the demo seed and the meditation scripts', () => {
    const files = new Set(copy.map(({ file }) => file));
    expect([...files]).toEqual(
      expect.arrayContaining([
        'client/src/features/marketing/pages/ReprogramaPage.tsx',
        'client/src/features/menu/pages/MenuPage.tsx',
        'client/src/features/newsletter/archive.ts',
        'course/syllabus.ts',
        'server/features/leads/emails.ts',
        'server/features/accounts/emails.ts',
        'scripts/downloads/afirmaciones.ts',
        'scripts/downloads/soltar-el-pasado.txt',
        'scripts/seed-demo/texts.ts',
        'scripts/meditation-texts/intro.txt',
        'client/index.html',
      ]),
    );
    expect([...files].filter((file) => file.includes('/newsletter/seed/') && file.endsWith('.md'))).toHaveLength(11);
    expect([...files].some((file) => /\.test\.tsx?$/.test(file))).toBe(false);
  });

  it('speaks tú everywhere but in the texts the specification quotes in vos', () => {
    const voseo: string[] = [];
    for (const piece of copy) {
      if (SPEC_TEXTS_IN_VOS.includes(normalized(piece.text))) continue;
      for (const hit of findVoseo(piece.text)) {
        if (NAMES_IN_VOS.includes(hit.word)) continue;
        if (hit.kind === 'ambiguous' && (FIRST_PERSON_FILES.includes(piece.file) || insideNarration(piece.text, hit.index))) continue;
        const doubt = hit.kind === 'ambiguous' ? ' (a vos imperative, or a first-person past to list in NARRATION)' : '';
        voseo.push(`${piece.file}:${lineOf(piece, hit.index)}: ${hit.word}${doubt}`);
      }
    }
    expect(voseo).toEqual([]);
  });

  it('names people without spelling out both genders', () => {
    const pairs = copy.flatMap((piece) => findGenderedPairs(piece.text).map((pair) => `${piece.file}:${lineOf(piece, piece.text.indexOf(pair))}: ${pair}`));
    expect(pairs).toEqual([]);
  });
});
