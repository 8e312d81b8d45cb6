import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EventCatalog, defineEvent, InvalidEventError } from './catalog';
import type { RecordedEvent } from './types';

// Version 3 of an event whose payload changed twice: v1 {name}, v2 {fullName}, v3 {fullName, locale}.
const Renamed = defineEvent('Renamed', 3, z.strictObject({ fullName: z.string().min(1), locale: z.string() }), {
  upcast: {
    1: (d) => ({ fullName: (d as { name: string }).name }),
    2: (d) => ({ ...(d as object), locale: 'es-AR' }),
  },
});

const stored = (version: number, data: unknown): RecordedEvent => ({
  globalPosition: 1,
  transactionId: '1',
  streamId: 'test-1',
  streamPosition: 1,
  eventId: '00000000-0000-4000-8000-000000000000',
  type: 'Renamed',
  version,
  data,
  metadata: {},
  recordedAt: new Date('2026-01-01T00:00:00Z'),
});

describe('EventCatalog', () => {
  const catalog = new EventCatalog([Renamed]);

  it('validates a new event against its schema and stamps the current version', () => {
    expect(catalog.validate(Renamed.create({ fullName: 'Ana Paz', locale: 'es-AR' }))).toEqual({
      data: { fullName: 'Ana Paz', locale: 'es-AR' },
      version: 3,
    });
  });

  it('refuses an invalid payload, an unknown field and an unknown type with a Spanish message', () => {
    expect(() => catalog.validate({ type: 'Renamed', data: { fullName: '', locale: 'es' } })).toThrow(InvalidEventError);
    expect(() => catalog.validate({ type: 'Renamed', data: { fullName: 'A', locale: 'es', password: 'x' } })).toThrow(/Datos inválidos/);
    expect(() => catalog.validate({ type: 'Nope', data: {} })).toThrow(/Tipo de evento desconocido/);
  });

  it('upcasts a stored payload of an old version step by step to the current one', () => {
    expect(catalog.upcast(stored(1, { name: 'Ana' }))).toMatchObject({ version: 3, data: { fullName: 'Ana', locale: 'es-AR' } });
    expect(catalog.upcast(stored(2, { fullName: 'Ana' }))).toMatchObject({ version: 3, data: { fullName: 'Ana', locale: 'es-AR' } });
    const current = stored(3, { fullName: 'Ana', locale: 'es-MX' });
    expect(catalog.upcast(current)).toBe(current);
  });

  it('fails loudly when a version has no upcaster, rather than handing out an old shape', () => {
    const Broken = defineEvent('Broken', 2, z.object({}));
    const c = new EventCatalog([Broken]);
    expect(() => c.upcast({ ...stored(1, {}), type: 'Broken' })).toThrow(/no upcaster for Broken v1/);
  });

  it('refuses to register a type twice', () => {
    expect(() => new EventCatalog([Renamed, Renamed])).toThrow(/registered twice/);
  });
});
