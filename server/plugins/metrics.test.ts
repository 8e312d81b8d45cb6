import { describe, expect, it } from 'vitest';
import { createMetrics } from '../metrics';
import { bearerMatches } from './metrics';

const TOKEN = 'un-token-largo-de-prueba';

describe('the bearer check of /metrics', () => {
  it('accepts the token after Bearer (any case of the scheme) and nothing else', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const header of [undefined, '', 'Bearer', 'Bearer ', TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, `Bearer x${TOKEN}`, `Bearer ${TOKEN} extra`]) {
      expect(bearerMatches(header, TOKEN), String(header)).toBe(false);
    }
  });
});

describe('the runtime metrics', () => {
  it('are a registry of their own: two runtimes in one process never collide', async () => {
    const a = createMetrics();
    const b = createMetrics();
    a.store.appended(0.002, 'appended');
    a.workers.mailSent('password-reset');
    const text = await a.registry.metrics();
    expect(text).toContain('eventstore_append_duration_seconds_count{outcome="appended"} 1');
    expect(text).toContain('mail_sent_total{kind="password-reset"} 1');
    expect(await b.registry.metrics()).not.toContain('mail_sent_total{kind="password-reset"}');
  });

  it('counts a conflicted append as a conflict too', async () => {
    const m = createMetrics();
    m.store.appended(0.01, 'conflict');
    expect(await m.registry.metrics()).toContain('eventstore_append_conflicts_total 1');
  });
});
