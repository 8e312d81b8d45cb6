import { describe, expect, it } from 'vitest';
import { toRecorded } from './read';

describe('toRecorded', () => {
  it('turns a row into an event: positions as numbers, the transaction id kept as text (an xid8 exceeds a safe integer)', () => {
    const at = new Date('2026-05-01T10:00:00Z');
    const event = toRecorded({
      global_position: '42',
      transaction_id_text: '18446744073709551000',
      stream_id: 'learner-1',
      stream_position: '3',
      event_id: '00000000-0000-4000-8000-000000000001',
      type: 'Noted',
      version: 1,
      data: { n: 1 },
      metadata: { actor: 'u1' },
      recorded_at: at,
    });
    expect(event).toEqual({
      globalPosition: 42,
      transactionId: '18446744073709551000',
      streamId: 'learner-1',
      streamPosition: 3,
      eventId: '00000000-0000-4000-8000-000000000001',
      type: 'Noted',
      version: 1,
      data: { n: 1 },
      metadata: { actor: 'u1' },
      recordedAt: at,
    });
  });
});
