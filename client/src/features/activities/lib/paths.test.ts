import { describe, expect, it } from 'vitest';
import { accountPath, resolveActivitySlug } from './paths';

const known = (slug: string) => ['12-areas-balance', 'umbral-de-creencia'].includes(slug);

describe('resolveActivitySlug', () => {
  it('takes the :activitySlug parameter when there is one (known or not)', () => {
    expect(resolveActivitySlug('12-areas-balance', '/cursos/manifiesta/12-areas-balance', known)).toBe('12-areas-balance');
    expect(resolveActivitySlug('no-existe', '/cursos/manifiesta/no-existe', known)).toBe('no-existe');
  });

  it('without a parameter, takes the last path segment when it is a known activity', () => {
    expect(resolveActivitySlug(undefined, '/cursos/manifiesta/umbral-de-creencia', known)).toBe('umbral-de-creencia');
    expect(resolveActivitySlug(undefined, '/cursos/manifiesta/umbral-de-creencia/', known)).toBe('umbral-de-creencia');
    expect(resolveActivitySlug('  ', '/algo/12-areas-balance', known)).toBe('12-areas-balance');
  });

  it('gives nothing when no valid slug can be told', () => {
    expect(resolveActivitySlug(undefined, '/cursos/manifiesta/otra-cosa', known)).toBeUndefined();
    expect(resolveActivitySlug(' ', '/cursos/manifiesta/%20', known)).toBeUndefined();
    expect(resolveActivitySlug(undefined, '/', known)).toBeUndefined();
    expect(resolveActivitySlug(undefined, '/cursos/%E0%A4%A', known)).toBeUndefined();
  });
});

describe('accountPath', () => {
  it("keeps '/' readable and encodes the rest", () => {
    expect(accountPath('/signup', '/cursos/manifiesta/12-areas-balance')).toBe('/signup?redirect=/cursos/manifiesta/12-areas-balance');
    expect(accountPath('/login', '/cursos/manifiesta?a=1&b=2')).toBe('/login?redirect=/cursos/manifiesta%3Fa%3D1%26b%3D2');
  });
});
