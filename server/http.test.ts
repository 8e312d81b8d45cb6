import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorEnvelope, envelope, inputProblem, MAX_INPUT_DEPTH, MESSAGES, validationMessage } from './http';

/** The issues exactly as Fastify hands them to the error handler (fastify-type-provider-zod's validator). */
function issuesFor(schema: z.ZodType, input: unknown) {
  const validate = validatorCompiler({ schema, method: 'POST', url: '/x', httpPart: 'body' }) as (data: unknown) => { error?: never[]; value?: unknown };
  const { error } = validate(input);
  if (!error) throw new Error('expected a validation error');
  return error;
}

const Body = z.strictObject({
  email: z.string('Ingresa un email válido.').regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Ingresa un email válido.'),
  nick: z.string().trim().min(1, 'Tu nombre es obligatorio.'),
  age: z.number().optional(),
  address: z.object({ city: z.string() }).optional(),
});

describe('validationMessage', () => {
  it('keeps a custom Spanish sentence of the schema as it is', () => {
    expect(validationMessage(issuesFor(Body, { email: 'no-es-un-email', nick: 'Ana' }))).toBe('Ingresa un email válido.');
    expect(validationMessage(issuesFor(Body, { email: 'ana@x.com', nick: '   ' }))).toBe('Tu nombre es obligatorio.');
  });

  it('puts the field name in front of a generic zod message, in Spanish, ending in a period', () => {
    const message = validationMessage(issuesFor(Body, { email: 'ana@x.com', nick: 'Ana', age: 'diez' }));
    expect(message).toMatch(/^Campo «age»: .+\.$/);
    expect(message).toMatch(/número/); // zod's Spanish locale is active
  });

  it('names a nested field with dots', () => {
    const message = validationMessage(issuesFor(Body, { email: 'ana@x.com', nick: 'Ana', address: { city: 3 } }));
    expect(message.startsWith('Campo «address.city»: ')).toBe(true);
  });

  it('names unrecognized keys as fields that are not allowed (as Fastify reports them)', () => {
    expect(validationMessage(issuesFor(Body, { email: 'ana@x.com', nick: 'Ana', roles: [7] }))).toBe('Campo no permitido: roles.');
    expect(validationMessage(issuesFor(Body, { email: 'ana@x.com', nick: 'Ana', roles: [7], admin: true }))).toBe('Campos no permitidos: roles, admin.');
  });

  it('uses only the first issue', () => {
    expect(validationMessage([{ message: 'Primero.' }, { message: 'Segundo.' }])).toBe('Primero.');
  });

  it('falls back to the generic message when there is nothing to say', () => {
    expect(validationMessage([])).toBe(MESSAGES.invalid);
    expect(validationMessage([{ message: '   ' }])).toBe(MESSAGES.invalid);
    expect(validationMessage([{}])).toBe(MESSAGES.invalid);
  });

  it('adds a period to a message without field', () => {
    expect(validationMessage([{ message: 'Entrada inválida', instancePath: '' }])).toBe('Entrada inválida.');
  });
});

describe('envelopes', () => {
  it('the error envelope is { success:false, message, data:null }', () => {
    expect(ErrorEnvelope.safeParse({ success: false, message: 'x', data: null }).success).toBe(true);
    expect(ErrorEnvelope.safeParse({ success: true, message: 'x', data: null }).success).toBe(false);
    expect(ErrorEnvelope.safeParse({ success: false, message: 'x', data: {} }).success).toBe(false);
  });

  it('the success envelope requires success true and the data shape', () => {
    const E = envelope(z.object({ n: z.number() }));
    expect(E.safeParse({ success: true, message: 'ok', data: { n: 1 } }).success).toBe(true);
    expect(E.safeParse({ success: false, message: 'ok', data: { n: 1 } }).success).toBe(false);
    expect(E.safeParse({ success: true, message: 'ok', data: { n: 'x' } }).success).toBe(false);
  });
});

describe('inputProblem', () => {
  const nested = (levels: number) => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`) as unknown;

  it('finds a NUL in a value or a key, at any depth it accepts', () => {
    expect(inputProblem({ a: ['ok', { b: 'x\u0000y' }] })).toBe('nul');
    expect(inputProblem({ 'k\u0000': 1 })).toBe('nul');
    expect(inputProblem('\u0000')).toBe('nul');
    // Lone surrogates are not text (PostgreSQL's jsonb refuses them); pairs, accents and emoji are.
    expect(inputProblem({ a: '\udfffPorque sí.' })).toBe('unicode');
    expect(inputProblem({ ['k\ud800']: 1 })).toBe('unicode');
    expect(inputProblem({ a: 'Mañana 🌱 \u200f' })).toBeUndefined();
    expect(inputProblem({ a: 'Ñandú 😀 \u202e', b: [1, null, true] })).toBeUndefined();
  });

  it(`accepts ${MAX_INPUT_DEPTH} levels of nesting and refuses one more, without recursing itself`, () => {
    expect(inputProblem(nested(MAX_INPUT_DEPTH))).toBeUndefined();
    expect(inputProblem(nested(MAX_INPUT_DEPTH + 1))).toBe('deep');
    expect(inputProblem(nested(100_000))).toBe('deep');
  });
});
