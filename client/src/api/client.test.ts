import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, unwrap } from './client';

// The generated `paths` change as the server grows; these tests exercise the client's own behaviour,
// so they call it through a path-agnostic signature.
type LooseCall = (
  path: string,
  init?: { params?: { query?: Record<string, unknown> }; body?: unknown },
) => Promise<Parameters<typeof unwrap>[0]>;

function clientAnswering(status: number, body: unknown) {
  const requests: Request[] = [];
  const client = createApiClient({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      requests.push(request);
      return typeof body === 'string'
        ? new Response(body, { status, headers: { 'content-type': 'text/html' } })
        : Response.json(body, { status });
    },
  });
  return { requests, get: client.GET as unknown as LooseCall, post: client.POST as unknown as LooseCall };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('cache-busting GET middleware', () => {
  it('adds _=Date.now() to a GET and keeps the other query parameters', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_763_800_000_000);
    const { requests, get } = clientAnswering(200, { success: true, message: 'ok', data: [] });

    await get('/api/resources', { params: { query: { page: 2, tag: 'calma' } } });

    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/api/resources');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('tag')).toBe('calma');
    expect(url.searchParams.get('_')).toBe('1763800000000');
    expect(requests[0]!.credentials).toBe('include');
  });

  it('leaves other methods alone', async () => {
    const { requests, post } = clientAnswering(200, { success: true, message: 'ok' });

    await post('/api/leads/add', { body: { email: 'ana@example.com' } });

    expect(new URL(requests[0]!.url).searchParams.has('_')).toBe(false);
    expect(requests[0]!.method).toBe('POST');
  });
});

describe('unwrap', () => {
  it('returns the envelope data on success', async () => {
    const { get } = clientAnswering(200, { success: true, message: 'ok', data: { slugs: ['12-areas-balance'] } });
    expect(unwrap(await get('/api/activity/getCompletionStatus'))).toEqual({ slugs: ['12-areas-balance'] });
  });

  it('throws ApiError with the server message when success is false', async () => {
    const { post } = clientAnswering(200, { success: false, message: 'El email ya está registrado.' });
    const result = await post('/api/auth/signup', { body: {} });

    expect(() => unwrap(result)).toThrow(ApiError);
    expect(() => unwrap(result)).toThrow('El email ya está registrado.');
  });

  it('carries the HTTP status of an error answer', async () => {
    const { post } = clientAnswering(401, { success: false, message: 'Credenciales inválidas.' });
    const result = await post('/api/auth/login', { body: {} });

    const error = captureError(() => unwrap(result));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Credenciales inválidas.', status: 401 });
  });

  it('falls back to a Spanish message when the answer has none', async () => {
    const { get } = clientAnswering(502, '<html>Bad Gateway</html>');
    const result = await get('/api/resources');

    expect(captureError(() => unwrap(result))).toMatchObject({
      message: 'Ocurrió un error al procesar tu solicitud.',
      status: 502,
    });
    expect(captureError(() => unwrap(result, 'Error al iniciar sesión.'))).toMatchObject({
      message: 'Error al iniciar sesión.',
    });
  });
});

function captureError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}
