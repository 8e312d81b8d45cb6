import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JOBS, QUEUES } from './registry';

describe('the job registry', () => {
  it('names every job once', () => {
    const names = JOBS.map((j) => j.declaration.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every job a zod payload and a queue with a retry and expiry policy', () => {
    for (const { declaration } of JOBS) {
      expect(declaration.payload, declaration.name).toBeInstanceOf(z.ZodType);
      const queue = QUEUES.find((q) => q.name === declaration.name);
      expect(queue, declaration.name).toBeDefined();
      expect(queue!.retryLimit, declaration.name).toBeTypeOf('number');
      expect(queue!.expireInSeconds, declaration.name).toBeTypeOf('number');
      expect(declaration.options.work.pollingIntervalSeconds, declaration.name).toBeGreaterThan(0);
    }
  });

  it('creates each dead-letter queue once, before the queue that points at it', () => {
    const names = QUEUES.map((q) => q.name);
    expect(new Set(names).size).toBe(names.length);
    for (const q of QUEUES.filter((q) => q.deadLetter)) expect(names.indexOf(q.deadLetter!), q.name).toBeLessThan(names.indexOf(q.name));
  });

  it('keeps the queue names stored in pg-boss tables', () => {
    expect(QUEUES.map((q) => q.name)).toEqual([
      'email.send.dead',
      'newsletter-batch.dead',
      'email.send',
      'auth.cleanup',
      'ai.why-question',
      'newsletter-fanout',
      'newsletter-batch',
      'newsletter-reaper',
      'sequences.sweep',
    ]);
  });

  it('rejects a payload its schema does not accept with a clear error, which fails the job', async () => {
    const email = JOBS.find((j) => j.declaration.name === 'email.send')!;
    const logged: string[] = [];
    const handle = email.bind({
      from: 'x',
      outboxDir: '/tmp/unused',
      log: { info: () => {}, warn: (_o, m) => void logged.push(m) },
      resolve: async () => ({ skip: 'test' }),
      throttle: { admit: async () => true } as never,
    })!;
    await expect(handle({ kind: 'no-such-kind' }, { id: 'j1', retryCount: 0, retryLimit: 8 })).rejects.toThrow(
      /payload of email\.send does not match its schema/,
    );
    expect(logged).toEqual(['mail not sent; it will be retried']);
  });
});
