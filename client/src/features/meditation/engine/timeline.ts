// The meditation's own time: a clock that stands still while the meditation is paused. Timers set on it keep
// their place in the meditation, so a pause of any length moves everything after it by that length.
import type { Clock, TimerId } from './clock';

type Timer = { due: number; callback: () => void; real: TimerId | null };

export class Timeline implements Clock {
  private pausedAt: number | null = null;
  private shift = 0;
  private nextId = 1;
  private readonly timers = new Map<number, Timer>();

  constructor(private readonly clock: Clock) {}

  get paused(): boolean {
    return this.pausedAt !== null;
  }

  /** Milliseconds of the meditation: the clock's time less every pause so far. */
  now(): number {
    return (this.pausedAt ?? this.clock.now()) - this.shift;
  }

  setTimeout(callback: () => void, ms: number): TimerId {
    const id = this.nextId++;
    const timer: Timer = { due: this.now() + Math.max(0, ms), callback, real: null };
    this.timers.set(id, timer);
    if (!this.paused) this.arm(id, timer);
    return id;
  }

  clearTimeout(id: TimerId): void {
    const timer = this.timers.get(id as number);
    if (!timer) return;
    if (timer.real !== null) this.clock.clearTimeout(timer.real);
    this.timers.delete(id as number);
  }

  pause(): void {
    if (this.paused) return;
    this.pausedAt = this.clock.now();
    for (const timer of this.timers.values()) {
      if (timer.real !== null) this.clock.clearTimeout(timer.real);
      timer.real = null;
    }
  }

  resume(): void {
    if (this.pausedAt === null) return;
    this.shift += this.clock.now() - this.pausedAt;
    this.pausedAt = null;
    for (const [id, timer] of this.timers) this.arm(id, timer);
  }

  private arm(id: number, timer: Timer): void {
    timer.real = this.clock.setTimeout(
      () => {
        this.timers.delete(id);
        timer.callback();
      },
      Math.max(0, timer.due - this.now()),
    );
  }
}
