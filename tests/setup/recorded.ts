// Hand-built RecordedEvent objects for pure fold tests (no database).
import type { RecordedEvent } from '../../events/store/types';

let position = 0;

export function recorded<D>(type: string, data: D, overrides: Partial<RecordedEvent<string, D>> = {}): RecordedEvent<string, D> {
  position += 1;
  return {
    globalPosition: position,
    transactionId: String(1000 + position),
    streamId: 'visitor-test',
    streamPosition: position,
    eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    type,
    version: 1,
    data,
    metadata: {},
    recordedAt: new Date('2026-03-01T12:00:00Z'),
    ...overrides,
  };
}

/** A LeadCaptured payload with sensible defaults. */
export function leadData(overrides: Partial<{ email: string; nick: string; page: string; section: string; status: string; firstForSource: boolean }> = {}) {
  return {
    email: 'ana@example.com',
    nick: 'Ana',
    page: 'nostalgia',
    section: 'fragmento',
    status: 'downloaded',
    firstForSource: true,
    ...overrides,
  };
}
