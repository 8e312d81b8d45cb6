import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CONCURRENCY_CONFLICT, CONFLICT_HEADER, CONFLICT_RETRIES, conflictDelayMs, createApiClient, unwrap } from './client';

// The generated `paths` change as the server grows; these tests exercise the client's own behaviour,
// so they call it through a path-agnostic signature.
type LooseCall = (path: string, init?: { params?: { query?: Record<string, unknown> }; body?: unknown }) => Promise<Parameters<typeof unwrap>[0]>;

function clientAnswering(status: number, body: unknown) {
  const requests: Request[] = [];
  const client = createApiClient({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      requests.push(request);
      return typeof body === 'string' ? new Response(body, { status, headers: { 'content-type': 'text/html' } }) : Response.json(body, { status });
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

describe('concurrency conflicts are retried', () => {
  const conflict = () =>
    Response.json(
      { success: false, message: 'Tus datos cambiaron mientras guardabas. Vuelve a intentarlo.', data: null },
      { status: 409, headers: { [CONFLICT_HEADER]: CONCURRENCY_CONFLICT } },
    );

  /** A client whose server answers from `script` in order (the last answer repeats); records every request. */
  function scripted(script: Array<() => Response>) {
    const seen: Array<{ method: string; url: string; body: string; key: string | null }> = [];
    const client = createApiClient({
      baseUrl: 'http://localhost',
      fetch: async (request) => {
        seen.push({ method: request.method, url: request.url, body: await request.text(), key: request.headers.get('idempotency-key') });
        return script[Math.min(seen.length - 1, script.length - 1)]!();
      },
    });
    return { seen, get: client.GET as unknown as LooseCall, post: client.POST as unknown as LooseCall };
  }
  type PostWithHeaders = (path: string, init: { body: unknown; headers?: Record<string, string> }) => Promise<Parameters<typeof unwrap>[0]>;

  it('sends the same write again, same body and same Idempotency-Key, until it is applied', async () => {
    const { seen, post } = scripted([conflict, conflict, () => Response.json({ success: true, message: 'Calificación guardada.', data: { finances: 7 } })]);
    const body = { activityId: '12-areas-balance', areaId: 'finances', score: 7 };
    const result = await (post as unknown as PostWithHeaders)('/api/activity/saveRating', { body, headers: { 'Idempotency-Key': 'clave-123456' } });

    expect(unwrap(result)).toEqual({ finances: 7 });
    expect(seen).toHaveLength(3);
    for (const request of seen) {
      expect(request).toMatchObject({ method: 'POST', url: 'http://localhost/api/activity/saveRating', key: 'clave-123456' });
      expect(JSON.parse(request.body)).toEqual(body);
    }
  });

  it('gives up after a bounded number of retries and reports the Spanish conflict message with its 409', async () => {
    const { seen, post } = scripted([conflict]);
    const result = await post('/api/activity/saveRating', { body: { activityId: '12-areas-balance', areaId: 'finances', score: 7 } });

    expect(seen).toHaveLength(1 + CONFLICT_RETRIES);
    expect(captureError(() => unwrap(result))).toMatchObject({ status: 409, message: 'Tus datos cambiaron mientras guardabas. Vuelve a intentarlo.' });
  });

  it('does not retry another kind of 409, nor other errors', async () => {
    const used = () => Response.json({ success: false, message: 'Este pago ya fue utilizado.', data: null }, { status: 409 });
    const a = scripted([used]);
    const result = await a.post('/api/payment/confirm', { body: {} });
    expect(a.seen).toHaveLength(1);
    expect(captureError(() => unwrap(result))).toMatchObject({ status: 409, message: 'Este pago ya fue utilizado.' });

    const b = scripted([() => Response.json({ success: false, message: 'Servicio no disponible.', data: null }, { status: 503 })]);
    await b.post('/api/activity/saveRating', { body: {} });
    expect(b.seen).toHaveLength(1);
  });

  it('backs off between retries: short at first, doubling, under two seconds in all', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const waits = Array.from({ length: CONFLICT_RETRIES }, (_, attempt) => conflictDelayMs(attempt));
    expect(waits[0]).toBeLessThan(60);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeCloseTo(2 * waits[i - 1]!, 5);
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThan(2000);
  });
});

describe('every write is idempotent', () => {
  const saved = () => Response.json({ success: true, message: 'Calificación guardada.', data: { finances: 7 } });

  function network(script: Array<() => Promise<Response> | Response>) {
    const seen: Array<{ method: string; key: string | null }> = [];
    const client = createApiClient({
      baseUrl: 'http://localhost',
      fetch: async (request) => {
        seen.push({ method: request.method, key: request.headers.get('idempotency-key') });
        return script[Math.min(seen.length - 1, script.length - 1)]!();
      },
    });
    return { seen, get: client.GET as unknown as LooseCall, post: client.POST as unknown as LooseCall };
  }

  it('every write carries an Idempotency-Key of its own; reads carry none', async () => {
    const { seen, get, post } = network([saved]);
    await post('/api/activity/saveRating', { body: { score: 1 } });
    await post('/api/activity/saveRating', { body: { score: 1 } });
    await get('/api/activity/getCompletionStatus');
    expect(seen[0]!.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(seen[1]!.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(seen[0]!.key).not.toBe(seen[1]!.key);
    expect(seen[2]!.key).toBeNull();
  });

  it("keeps the caller's own key (a meditation session saved again after a failure)", async () => {
    const { seen, post } = network([saved]);
    await (post as unknown as (p: string, i: { body: unknown; headers: Record<string, string> }) => Promise<unknown>)('/api/meditation/sessions', {
      body: { seconds: 60 },
      headers: { 'Idempotency-Key': 'sesion-0001-abcdef' },
    });
    expect(seen.map((r) => r.key)).toEqual(['sesion-0001-abcdef']);
  });
});
