import { describe, expect, it } from 'vitest';
import { greeting, plainName } from './contact';

describe('plainName: a name someone can be greeted by, or nothing', () => {
  it.each([
    ['Ana', 'Ana'],
    ['María José', 'María José'],
    ['  Ana   Lucía  ', 'Ana Lucía'],
    ["O'Connor", "O'Connor"],
    ['D’Angelo', 'D’Angelo'],
    ['Ana-María', 'Ana-María'],
    ['Ma. José', 'Ma. José'],
    ['J. R.', 'J. R.'],
    ['Zoë', 'Zoë'],
    ['Jose\u0301', 'José'], // a combining accent, composed
    ['Ñandú', 'Ñandú'],
    ['Αλέξανδρος', 'Αλέξανδρος'],
    ['Юлия', 'Юлия'],
    ['美咲', '美咲'],
    ['Lu', 'Lu'],
    ['a'.repeat(40), 'a'.repeat(40)],
  ])('keeps %j', (typed, stored) => expect(plainName(typed)).toBe(stored));

  it.each([
    ['a link', 'tu pago falló. Reintenta en https://evil.example/pago'],
    ['a bare domain', 'evil.example'],
    ['a domain among words', 'visita evil.example'],
    ['a domain with a path', 'evil.example/pago'],
    ['an at sign', 'ana@evil'],
    ['an address', 'ana@example.com'],
    ['digits', 'Ana 2'],
    ['a phone number', '+54 9 11 2345-6789'],
    ['a line break', 'Ana\nReintenta el pago'],
    ['a tab', 'Ana\tLucía'],
    ['one letter', 'A'],
    ['nothing', '   '],
    ['41 letters', 'a'.repeat(41)],
    ['a leading hyphen', '-Ana'],
    ['a trailing hyphen', 'Ana-'],
    ['two hyphens', 'Ana--María'],
    ['an underscore', 'ana_maria'],
    ['a colon', 'Ana: paga ya'],
    ['a right-to-left override', 'Ana\u202Eelpmaxe.live'],
    ['a zero-width space', 'evil\u200B.example'],
    ['a one-dot leader', 'evil\u2024example'],
    ['a fullwidth stop', 'evil\uFF0Eexample'],
    ['an exclamation', '¡Urgente!'],
  ])('refuses %s', (_, typed) => expect(plainName(typed)).toBeNull());
});

describe('greeting', () => {
  it('greets by a plain name, and without one otherwise', () => {
    expect(greeting('Lucía')).toBe('¡Hola, Lucía!');
    expect(greeting('tu pago falló. Reintenta en https://evil.example/pago')).toBe('¡Hola!');
    expect(greeting('evil.example')).toBe('¡Hola!');
    expect(greeting('')).toBe('¡Hola!');
    expect(greeting(null)).toBe('¡Hola!');
  });
});
