// A fold's state survives a snapshot as it was: Maps, Sets, Dates, holes and undefined in arrays, numbers JSON
// cannot write, keys that look like the encoding's tags, and sealed texts (kept sealed, opened after the trip).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClosedValue, newDataKey, REDACTED, sealValue } from './sealing';
import { decodeState, encodeState } from './snapshots';

const trip = (value: unknown, sealed: Parameters<typeof decodeState>[1] = () => 'unused') =>
  decodeState(JSON.parse(JSON.stringify(encodeState(value))), sealed);

const leaf = fc.oneof(
  fc.string(),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.date({ noInvalidDate: true }),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object'), tie('map'), tie('set')),
  array: fc.array(fc.oneof(tie('value'), fc.constant(undefined)), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('$map', '$sealed', '$undefined', '$object', '__proto__x')), tie('value'), {
    maxKeys: 4,
    noNullPrototype: true,
  }),
  map: fc.array(fc.tuple(fc.oneof(fc.string(), fc.integer()), tie('value')), { maxLength: 3 }).map((entries) => new Map(entries)),
  set: fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 4 }).map((items) => new Set(items)),
}));

describe('a fold state through a snapshot', () => {
  it('comes back equal, whatever it holds', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(trip(v)).toStrictEqual(v);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a personal text sealed, with whose key opens it, and opens it after the trip', () => {
    const key = newDataKey();
    const secret = 'Quiero vivir junto al mar';
    const closed = new ClosedValue(key, 'e1/text', sealValue(key, 'e1/text', secret), 'user:u1');
    const subjects = new Set<string>();
    const json = JSON.stringify(encodeState({ texts: new Map([['a', closed]]) }, subjects));
    expect(json).not.toContain(secret);
    expect(json).not.toContain(key.toString('base64'));
    expect([...subjects]).toEqual(['user:u1']);
    const opened = decodeState(JSON.parse(json), ({ sealed, aad, subject }) => new ClosedValue(subject === 'user:u1' ? key : null, aad, sealed).open());
    expect(opened).toEqual({ texts: new Map([['a', secret]]) });
    const forgotten = decodeState(JSON.parse(json), ({ sealed, aad }) => new ClosedValue(null, aad, sealed).open());
    expect(forgotten).toEqual({ texts: new Map([['a', REDACTED]]) });
  });

  it('refuses what it could not bring back', () => {
    expect(() => encodeState({ at: new (class Moment {})() })).toThrow(/Moment/);
    expect(() => encodeState(new ClosedValue(null, 'a', 'sealed:v1:x'))).toThrow(/subject/);
  });
});
