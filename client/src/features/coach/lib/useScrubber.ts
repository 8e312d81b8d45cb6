// The replay's clock: which event of the journey is chosen, and playing through them at a few per second.
import { useEffect, useRef, useState } from 'react';
import type { JourneyEvent } from '../api/coach-queries';

export const SPEEDS = [1, 2, 5, 10] as const;
export type Speed = (typeof SPEEDS)[number];

/** The position to remember for an index: the last one is 'now' (null), so new events are followed. */
function pinFor(events: readonly JourneyEvent[], index: number): number | null {
  if (events.length === 0 || index >= events.length - 1) return null;
  return events[Math.max(0, index)]!.globalPosition;
}

function indexOf(events: readonly JourneyEvent[], pinned: number | null): number {
  if (pinned === null) return events.length - 1;
  const index = events.findIndex((e) => e.globalPosition === pinned);
  return index === -1 ? events.length - 1 : index;
}

export function useScrubber(events: readonly JourneyEvent[]) {
  // A global position rather than an index: a note appended later does not move the chosen event.
  const [pinned, setPinned] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);
  const latest = useRef(events);
  useEffect(() => {
    latest.current = events;
  }, [events]);

  const index = indexOf(events, pinned);
  const atEnd = index >= events.length - 1;
  // Played to the end: stop (React's "state from the previous render" pattern, so no frame shows it playing).
  if (playing && atEnd) setPlaying(false);

  useEffect(() => {
    if (!playing) return undefined;
    const timer = setInterval(() => {
      setPinned((current) => {
        const list = latest.current;
        return pinFor(list, indexOf(list, current) + 1);
      });
    }, 1000 / speed);
    return () => clearInterval(timer);
  }, [playing, speed]);

  /** A choice by hand (slider, buttons, the timeline) stops the playing. */
  const select = (next: number) => {
    setPlaying(false);
    setPinned(pinFor(events, Math.min(Math.max(next, 0), events.length - 1)));
  };

  return {
    index,
    event: events[index] as JourneyEvent | undefined,
    atStart: index <= 0,
    atEnd,
    playing,
    speed,
    setSpeed,
    select,
    back: () => select(index - 1),
    forward: () => select(index + 1),
    now: () => select(events.length - 1),
    /** From the end, playing starts again at the first event. */
    togglePlay: () => {
      if (playing) {
        setPlaying(false);
        return;
      }
      if (events.length < 2) return;
      if (atEnd) setPinned(pinFor(events, 0));
      setPlaying(true);
    },
  };
}

export type Scrubber = ReturnType<typeof useScrubber>;
