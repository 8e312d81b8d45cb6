import { describe, expect, it } from 'vitest';
import { AI_COOL_DOWN_MS, AI_FAILURES_TO_OPEN, createAiAvailability } from './ai-availability';

function clock() {
  let now = 1_000_000;
  return { now: () => now, pass: (ms: number) => (now += ms) };
}

describe('whether the AI provider is worth asking', () => {
  it('never, when no key is configured', () => {
    const ai = createAiAvailability({ configured: false });
    expect(ai.available()).toBe(false);
    ai.observe('q1', 'ok');
    expect(ai.available()).toBe(false);
  });

  it(`configured: yes, until ${AI_FAILURES_TO_OPEN} failures in a row; a success in between starts the count again`, () => {
    const ai = createAiAvailability({ configured: true, now: clock().now });
    ai.observe('q1', 'failed');
    ai.observe('q2', 'failed');
    ai.observe('q3', 'ok');
    ai.observe('q4', 'failed');
    ai.observe('q5', 'failed');
    expect(ai.available()).toBe(true);
    ai.observe('q6', 'failed');
    expect(ai.available()).toBe(false);
  });

  it('a question seen twice (polled again) counts once; one the provider was not asked for counts not at all', () => {
    const ai = createAiAvailability({ configured: true });
    for (let i = 0; i < AI_FAILURES_TO_OPEN; i++) ai.observe('same', 'failed');
    ai.observe('no-ask', undefined);
    expect(ai.available()).toBe(true);
  });

  it('after the cool-down, one question tries the provider again: a success reopens the way, a failure waits another cool-down', () => {
    const time = clock();
    const ai = createAiAvailability({ configured: true, now: time.now });
    for (let i = 0; i < AI_FAILURES_TO_OPEN; i++) ai.observe(`f${i}`, 'failed');
    expect(ai.available()).toBe(false);
    time.pass(AI_COOL_DOWN_MS);
    expect(ai.available()).toBe(true);
    // Only that one while it is on its way.
    expect(ai.available()).toBe(false);
    ai.observe('trial', 'failed');
    expect(ai.available()).toBe(false);
    time.pass(AI_COOL_DOWN_MS);
    expect(ai.available()).toBe(true);
    ai.observe('trial-2', 'ok');
    expect(ai.available()).toBe(true);
    expect(ai.available()).toBe(true);
  });
});
