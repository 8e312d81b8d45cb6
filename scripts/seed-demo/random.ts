// A seeded PRNG (mulberry32) and the time helpers of the demo seed: the same seed gives the same people,
// texts and timings on every run; only the anchor ("now") moves.
import { createHash } from 'node:crypto';

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** An independent stream for one part of the plan (a learner, a visitor), so each part draws the same numbers whatever runs before it. */
  static of(...parts: (string | number)[]): Random {
    const digest = createHash('sha256').update(parts.join('\u0000')).digest();
    return new Random(digest.readUInt32LE(0));
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One item by weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items.at(-1)![0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** `count` distinct items. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count);
  }
}

/** When people use the site, by local hour: a little in the morning and at lunch, most in the evening. */
const HOUR_WEIGHTS: readonly (readonly [number, number])[] = [
  [0, 2],
  [1, 1],
  [6, 1],
  [7, 3],
  [8, 4],
  [9, 3],
  [10, 3],
  [11, 3],
  [12, 5],
  [13, 5],
  [14, 3],
  [15, 3],
  [16, 3],
  [17, 4],
  [18, 6],
  [19, 8],
  [20, 10],
  [21, 11],
  [22, 9],
  [23, 5],
];

/** A moment on the UTC day that starts at `dayStart`, at a plausible local hour for a UTC offset in hours. */
export function localMoment(rng: Random, dayStart: number, utcOffsetHours: number): number {
  const hour = rng.weighted(HOUR_WEIGHTS);
  return dayStart + (hour - utcOffsetHours) * 3_600_000 + rng.int(0, 59) * MINUTE_MS + rng.int(0, 59) * 1000;
}

/** Monday–Thursday busiest, the weekend quieter (0 = Sunday). */
export function weekdayFactor(time: number): number {
  return [0.8, 1.1, 1.15, 1.1, 1.05, 0.95, 0.7][new Date(time).getUTCDay()]!;
}

export const startOfUtcDay = (time: number) => Math.floor(time / DAY_MS) * DAY_MS;
