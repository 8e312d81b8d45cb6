import { describe, expect, it } from 'vitest';
import { paced, ramp, Step } from './open-loop';

describe('open-loop steps', () => {
  it('times a request from when it was due, not from when it left', async () => {
    const step = new Step();
    const due = performance.now() - 50; // held back 50 ms (a busy generator, a learner still waiting)
    await step.track(
      'write',
      due,
      async () => ({ status: 200 }),
      (a) => a.status === 200,
    );
    expect(step.latencies.get('write')![0]).toBeGreaterThanOrEqual(50);
    expect(step.late[0]).toBeGreaterThanOrEqual(50);
    expect(step.failed).toBe(0);
  });

  it('counts a non-2xx answer and a request without an answer as failures', async () => {
    const step = new Step();
    await step.track(
      'write',
      performance.now(),
      async () => ({ status: 503 }),
      (a) => a.status === 200,
    );
    await step.track(
      'read',
      performance.now(),
      () => Promise.reject(new Error('socket hang up')),
      () => true,
    );
    expect(step.failed).toBe(2);
  });

  it('sends arrivals at the rate set, whatever the answers do', async () => {
    const due: number[] = [];
    const run = await paced(
      500,
      1,
      (intended) => due.push(intended),
      () => 0,
    );
    expect(run.stoppedEarly).toBe(false);
    expect(due.length).toBeGreaterThan(400); // Poisson: 500 ± about 3 standard deviations of √500
    expect(due.length).toBeLessThan(600);
  });

  it('stops a step whose backlog passes a second of arrivals', async () => {
    const run = await paced(
      200,
      2,
      () => {},
      () => 201,
    );
    expect(run.stoppedEarly).toBe(true);
    expect(run.seconds).toBeLessThan(0.5);
  });
});

describe('ramp', () => {
  const capacity = (limit: number) => {
    const tried: number[] = [];
    return { tried, step: async (rate: number) => (tried.push(rate), rate <= limit) };
  };

  it('rises until a step misses, then halves the gap: the highest rate held', async () => {
    const { tried, step } = capacity(700);
    const held = await ramp({ start: 200, factor: 2, max: 10_000, refine: 2, settleMs: 0 }, step);
    expect(tried).toEqual([200, 400, 800, 600, 700]);
    expect(held).toBe(700);
  });

  it('steps down when even the first rate misses', async () => {
    const { tried, step } = capacity(60);
    const held = await ramp({ start: 200, factor: 2, max: 10_000, refine: 0, settleMs: 0 }, step);
    expect(tried).toEqual([200, 100, 50]);
    expect(held).toBe(50);
  });
});
