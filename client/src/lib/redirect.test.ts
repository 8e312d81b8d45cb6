import { describe, expect, it } from 'vitest';
import { postLoginPath, withRedirect } from './redirect';

describe('postLoginPath', () => {
  const query = (search: string) => new URLSearchParams(search);

  it('prefers the redirect query', () => {
    expect(postLoginPath(query('?redirect=/cursos/manifiesta'), { from: '/newsletter' })).toBe('/cursos/manifiesta');
  });

  it('falls back to the page the user came from', () => {
    expect(postLoginPath(query(''), { from: '/confirmacion-pago?x=1' })).toBe('/confirmacion-pago?x=1');
    expect(postLoginPath(query(''), { from: { pathname: '/about', search: '?a=1', hash: '#b' } })).toBe('/about?a=1#b');
  });

  it('ignores a redirect to another site and uses the next choice', () => {
    expect(postLoginPath(query('?redirect=//evil.com'), { from: '/newsletter' })).toBe('/newsletter');
    expect(postLoginPath(query('?redirect=//evil.com'), null)).toBe('/menu');
  });

  it('ends at /menu', () => {
    expect(postLoginPath(query(''), undefined)).toBe('/menu');
    expect(postLoginPath(query(''), { from: 'https://evil.com' })).toBe('/menu');
  });
});

describe('withRedirect', () => {
  it('adds a readable redirect and encodes what must be encoded', () => {
    expect(withRedirect('/login', '/cursos/manifiesta')).toBe('/login?redirect=/cursos/manifiesta');
    expect(withRedirect('/login', '/confirmacion-pago?x=1&y=2')).toBe('/login?redirect=/confirmacion-pago%3Fx%3D1%26y%3D2');
    expect(new URLSearchParams('?redirect=/confirmacion-pago%3Fx%3D1%26y%3D2').get('redirect')).toBe('/confirmacion-pago?x=1&y=2');
  });

  it('leaves out an unsafe or missing redirect', () => {
    expect(withRedirect('/signup', '//evil.com')).toBe('/signup');
    expect(withRedirect('/signup', null)).toBe('/signup');
  });
});
