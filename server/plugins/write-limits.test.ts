import { describe, expect, it } from 'vitest';
import { createWriteBudgets, tooManyWritesMessage, waitInWords } from './write-limits';

const limits = { perMinute: 30, burst: 40, perDay: 2_000 };

function budgets(overrides: Partial<typeof limits> = {}, maxKeys?: number) {
  let t = Date.parse('2026-12-01T10:00:00Z');
  const b = createWriteBudgets({ ...limits, ...overrides }, { now: () => t, maxKeys });
  return { b, advance: (ms: number) => void (t += ms) };
}

describe('write budgets', () => {
  it('a burst gets `burst` writes, then one more every 60/perMinute seconds', () => {
    const { b, advance } = budgets();
    for (let i = 0; i < 40; i++) expect(b.take('ana'), `write ${i + 1}`).toBeUndefined();
    expect(b.take('ana')).toEqual({ retryAfterSeconds: 2, daily: false });
    advance(1_999);
    expect(b.take('ana')?.retryAfterSeconds).toBe(1);
    advance(1);
    expect(b.take('ana')).toBeUndefined();
    expect(b.take('ana')).toEqual({ retryAfterSeconds: 2, daily: false });
  });

  it('a refused write costs nothing: a script knocking all the time gets the sustained rate, no less and no more', () => {
    const { b, advance } = budgets();
    let accepted = 0;
    // Ten minutes of a request every 100 ms.
    for (let i = 0; i <= 6_000; i++) {
      if (!b.take('script')) accepted++;
      advance(100);
    }
    expect(accepted).toBe(40 + 10 * 30);
  });

  it('keys are independent', () => {
    const { b } = budgets({ burst: 2 });
    expect(b.take('ana')).toBeUndefined();
    expect(b.take('ana')).toBeUndefined();
    expect(b.take('ana')).toBeDefined();
    expect(b.take('bea')).toBeUndefined();
  });

  it('the day bucket holds a steady writer at perDay; its refusal says so and names the wait', () => {
    const { b, advance } = budgets({ perMinute: 600, burst: 600, perDay: 100 });
    for (let i = 0; i < 100; i++) expect(b.take('ana')).toBeUndefined();
    const refusal = b.take('ana')!;
    // One more write fits after 1/100 of a day: 864 s.
    expect(refusal).toEqual({ retryAfterSeconds: 864, daily: true });
    expect(tooManyWritesMessage(refusal)).toBe('Por hoy llegaste al máximo de cambios que puede guardar una cuenta. Podrás seguir guardando en 15 minutos.');
    advance(864_000);
    expect(b.take('ana')).toBeUndefined();
  });

  it('remembers at most maxKeys keys, forgetting the one that wrote longest ago', () => {
    const { b } = budgets({ burst: 1 }, 3);
    for (const key of ['a', 'b', 'c']) b.take(key);
    expect(b.take('a')).toBeDefined(); // refused: 'a' is remembered, and a refusal does not make it recent
    b.take('d');
    expect(b.size).toBe(3);
    expect(b.take('a'), "'a' wrote longest ago and was forgotten").toBeUndefined();
    expect(b.take('c')).toBeDefined();
  });
});

describe('the message', () => {
  it('says how long to wait, in words', () => {
    expect(waitInWords(1)).toBe('1 segundo');
    expect(waitInWords(2)).toBe('2 segundos');
    expect(waitInWords(59)).toBe('59 segundos');
    expect(waitInWords(60)).toBe('1 minuto');
    expect(waitInWords(61)).toBe('2 minutos');
    expect(waitInWords(3_600)).toBe('1 hora');
    expect(waitInWords(3 * 3_600 + 1)).toBe('4 horas');
    expect(tooManyWritesMessage({ retryAfterSeconds: 2, daily: false })).toBe('Estás guardando muy rápido. Espera 2 segundos y vuelve a intentarlo.');
  });
});
