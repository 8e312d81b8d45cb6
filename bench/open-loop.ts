// Open-loop load for bench:load: arrivals at a fixed rate, whatever the server does, and each request's latency
// measured from the moment it was meant to be sent. A request that could not leave on time — the generator was
// busy, every connection was taken, its learner was still waiting for the previous answer — counts its wait, so
// queueing shows in the figures instead of slowing the arrivals down (coordinated omission). Then a ramp of such
// steps, to find the highest rate a target holds.
import { Agent } from 'undici';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Keep-alive HTTP/1.1 over at most `connections` sockets per origin (undici: a quarter to a third less CPU per request
 * than node:http here, which matters when the generator shares the cores); a request finding them all busy waits its turn.
 */
export function httpClient(connections: number, timeoutMs = 10_000) {
  const agent = new Agent({ connections, pipelining: 1, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  return {
    async send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
      const { origin, pathname, search } = new URL(url);
      const answer = await agent.request({ origin, path: pathname + search, method: method as 'GET' | 'POST', headers, body });
      return { status: answer.statusCode, headers: answer.headers, body: await answer.body.text() };
    },
    close: () => void agent.close(),
  };
}

export type Client = ReturnType<typeof httpClient>;

/** What one step measured: latencies from the intended send time by kind, failures by kind, and how late requests left. */
export class Step {
  readonly latencies = new Map<string, number[]>();
  readonly failures = new Map<string, number>();
  /** Milliseconds between a request's intended and actual send time (the generator or a learner held it back). */
  readonly late: number[] = [];
  private readonly pending = new Set<Promise<unknown>>();

  /** Sends what `send` sends, meant to leave at `intended` (performance.now() time), and records the outcome as `kind`. */
  track<T>(kind: string, intended: number, send: () => Promise<T>, ok: (answer: T) => boolean): Promise<T | undefined> {
    this.late.push(performance.now() - intended);
    const done = send().then(
      (answer) => {
        this.record(kind, intended, ok(answer) ? undefined : `${kind} ${(answer as { status?: number }).status ?? 'not ok'}`);
        return answer;
      },
      (err: Error) => {
        this.record(kind, intended, `${kind} ${err.message}`);
        return undefined;
      },
    );
    this.pending.add(done);
    void done.finally(() => this.pending.delete(done));
    return done;
  }

  /** Records a request sent by other means. */
  record(kind: string, intended: number, failure?: string) {
    let list = this.latencies.get(kind);
    if (!list) this.latencies.set(kind, (list = []));
    list.push(performance.now() - intended);
    if (failure) this.failures.set(failure, (this.failures.get(failure) ?? 0) + 1);
  }

  get outstanding() {
    return this.pending.size;
  }

  /** Waits until every request sent so far (and any sent while waiting) is answered or has failed. */
  async drain() {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  get failed() {
    return [...this.failures.values()].reduce((a, b) => a + b, 0);
  }
}

/**
 * Calls `arrive(intended)` at a fixed mean rate for `seconds`: Poisson arrivals (exponential gaps), as many
 * independent people produce, on a schedule drawn in advance of the server's answers. Stops early when the
 * backlog shows the target has fallen behind (more than a second's worth of arrivals unanswered).
 */
export async function paced(rate: number, seconds: number, arrive: (intended: number) => void, backlog: () => number) {
  const start = performance.now() + 5;
  const end = start + seconds * 1000;
  const gap = () => (-Math.log(1 - Math.random()) * 1000) / rate;
  let next = start;
  let arrivals = 0;
  while (next < end) {
    const now = performance.now();
    while (next <= now && next < end) {
      arrive(next);
      arrivals++;
      next += gap();
    }
    if (backlog() > Math.max(100, rate)) return { arrivals, stoppedEarly: true, seconds: (performance.now() - start) / 1000 };
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(next, end) - performance.now())));
  }
  return { arrivals, stoppedEarly: false, seconds };
}

export interface RampOptions {
  /** The first rate (requests per second). */
  start: number;
  /** Each next step's rate is the last one's times this, until a step fails… */
  factor: number;
  /** …or this rate is passed. */
  max: number;
  /** Then this many halvings of the interval between the last rate held and the first one missed. */
  refine: number;
  /** An explicit list of rates instead (tried in order until one fails; no refining). */
  rates?: number[];
  /** A pause after each step, for what it left behind (queues, async projections) to settle: 1 s. */
  settleMs?: number;
}

export function rampOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): RampOptions {
  const rates = env.BENCH_RATES?.split(',')
    .map(Number)
    .filter((r) => r > 0);
  return {
    start: Number(env.BENCH_RATE_START ?? 200),
    factor: Number(env.BENCH_RATE_FACTOR ?? 1.25),
    max: Number(env.BENCH_RATE_MAX ?? 20_000),
    refine: Number(env.BENCH_REFINE ?? 2),
    rates: rates?.length ? rates : undefined,
  };
}

/**
 * Steps of rising rate until one fails (p99, errors or lost writes, as `step` judges; falling ones if the first
 * fails), then refines between the highest rate held and the lowest missed. Returns the highest rate held (0 when even the first step failed).
 */
export async function ramp(options: RampOptions, step: (rate: number) => Promise<boolean>): Promise<number> {
  let held = 0;
  let missed: number | undefined;
  const tryRate = async (rate: number) => {
    const ok = await step(Math.round(rate));
    if (ok) held = Math.max(held, Math.round(rate));
    else missed = Math.min(missed ?? Infinity, Math.round(rate));
    await new Promise((r) => setTimeout(r, options.settleMs ?? 1000));
    return ok;
  };
  if (options.rates) {
    for (const rate of options.rates) if (!(await tryRate(rate))) break;
    return held;
  }
  for (let rate = options.start; rate <= options.max; rate *= options.factor) if (!(await tryRate(rate))) break;
  // Even the first rate missed (a busy machine): step down until one holds.
  if (!held) for (let rate = options.start / options.factor; rate >= 10; rate /= options.factor) if (await tryRate(rate)) break;
  for (let i = 0; i < options.refine && held && missed !== undefined && missed - held > 1; i++) await tryRate((held + missed) / 2);
  return held;
}
