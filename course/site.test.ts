import { describe, expect, it } from 'vitest';
import { paragraphsOf } from './site';

describe('paragraphsOf', () => {
  it('splits at blank lines (spaces in them too, and Windows line ends), keeps a single line break, drops empty paragraphs', () => {
    expect(paragraphsOf('Uno\nsigue uno\n\nDos\r\n \r\nTres\n\n\n\n  \n')).toEqual(['Uno\nsigue uno', 'Dos', 'Tres']);
    expect(paragraphsOf('  Solo uno  ')).toEqual(['Solo uno']);
    expect(paragraphsOf(' \n\n ')).toEqual([]);
  });
});
