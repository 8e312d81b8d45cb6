import { describe, expect, it } from 'vitest';
import { checkCatalogueChange, DEFAULT_CATALOGUE, formatDateRange, isCatalogueDate } from '../../course/catalogue';
import { recorder } from '../store/versioned-values.testing';
import { catalogueFold, decideCatalogue } from './catalogue';

const seed = DEFAULT_CATALOGUE;
const fold = catalogueFold(seed);
const record = recorder(fold, 'catalogue');
const messages = (body: Record<string, unknown>) => {
  const checked = checkCatalogueChange(seed, body);
  return checked.ok ? [] : checked.problems.map((p) => p.message);
};

describe('catalogue', () => {
  it('starts from the spec: the course at 270 (was 770, 3 spots), the retreat at 377 / 177 from 14 to 16 November, year unset', () => {
    expect(fold.initial.values).toMatchObject({ courseAmount: 270, courseOldAmount: 770, courseSpots: 3, retreatTotal: 377, retreatDeposit: 177 });
    expect(formatDateRange(fold.initial.values.retreatStart, fold.initial.values.retreatEnd)).toEqual({ range: 'del 14 al 16 de noviembre', weekdays: null });
    expect(fold.initial.values.retreatSpots).toBeNull();
  });

  it('records only what changed, and nothing when nothing did', () => {
    const events = decideCatalogue({ type: 'Change', changes: { retreatTotal: 400, retreatDeposit: 177 } }, fold.initial, seed);
    expect(events.map((e) => e.data)).toEqual([{ changes: { retreatTotal: 400 } }]);
    const state = record(fold.initial, events);
    expect(state.values.retreatTotal).toBe(400);
    expect(decideCatalogue({ type: 'Change', changes: { retreatTotal: 400 } }, state, seed)).toEqual([]);
  });

  it('refuses bad input with Spanish messages naming the field, and decides nothing', () => {
    expect(messages({ courseAmount: 0 })[0]).toMatch(/^Precio del curso Manifiesta: escribe un monto mayor que 0/);
    expect(messages({ courseAmount: 10.555 })[0]).toMatch(/hasta 2 decimales/);
    expect(messages({ courseAmount: 'diez' })[0]).toMatch(/escribe un monto/);
    expect(messages({ courseAmount: 1_000_000 })[0]).toMatch(/no puede pasar de 100\.000 USD/);
    expect(messages({ courseAmount: null })).toEqual(['Precio del curso Manifiesta no puede quedar vacío.']);
    expect(messages({ courseOldAmount: 200 })[0]).toMatch(/tiene que ser mayor que el precio actual/);
    expect(messages({ courseAmount: 800 })[0]).toMatch(/Precio anterior del curso tiene que ser mayor/);
    expect(messages({ retreatDeposit: 400 })).toEqual(['El anticipo no puede ser mayor que el precio total del retiro.']);
    expect(messages({ retreatSpots: -1 })[0]).toMatch(/número entero, 0 o más/);
    expect(messages({ retreatSpots: 2.5 })[0]).toMatch(/número entero/);
    expect(messages({ retreatStart: '2027-11-20', retreatEnd: '2027-11-18' })).toEqual(['El último día del retiro no puede ser antes del primero.']);
    expect(messages({ retreatStart: '2027-02-30', retreatEnd: '2027-03-01' })[0]).toMatch(/Primer día del retiro: elige una fecha válida/);
    expect(messages({ retreatStart: '2027-11-14' })).toEqual(['Pon el año en las dos fechas del retiro.']);
    expect(messages({ retreatStart: null })).toEqual(['Pon las dos fechas del retiro (el primer y el último día), o ninguna.']);
    expect(messages({ price: 3 })).toEqual(['Ese dato no es parte del catálogo.']);
    expect(() => decideCatalogue({ type: 'Change', changes: { retreatDeposit: 400 } }, fold.initial, seed)).toThrow('El anticipo no puede ser mayor');
    expect(messages({ courseAmount: 17.5, courseOldAmount: null, retreatSpots: 0, retreatStart: null, retreatEnd: null })).toEqual([]);
  });

  it('knows real days, with or without a year', () => {
    expect(['11-14', '02-29', '2028-02-29', '2027-12-31'].every(isCatalogueDate)).toBe(true);
    expect(['2027-02-29', '13-01', '11-31', '14 de noviembre', '1999-11-14', ''].some(isCatalogueDate)).toBe(false);
  });

  it('says the dates as the page does, the weekdays only once the year is known', () => {
    expect(formatDateRange('2027-11-12', '2027-11-14')).toEqual({ range: 'del 12 al 14 de noviembre de 2027', weekdays: 'de viernes a domingo' });
    expect(formatDateRange('2027-10-30', '2027-11-01')?.range).toBe('del 30 de octubre al 1 de noviembre de 2027');
    expect(formatDateRange('2027-12-31', '2028-01-02')?.range).toBe('del 31 de diciembre de 2027 al 2 de enero de 2028');
    expect(formatDateRange(null, null)).toBeNull();
  });

  it('restores an earlier version as the difference from now, and refuses a version that does not exist', () => {
    let state = record(fold.initial, decideCatalogue({ type: 'Change', changes: { retreatTotal: 400, retreatSpots: 5 } }, fold.initial, seed));
    state = record(state, decideCatalogue({ type: 'Change', changes: { retreatTotal: 450, retreatSpots: null } }, state, seed));
    const [restored] = decideCatalogue({ type: 'Restore', version: 1 }, state, seed);
    expect(restored!.data).toEqual({ changes: { retreatTotal: 400, retreatSpots: 5 }, restoredFrom: 1 });
    const [initial] = decideCatalogue({ type: 'Restore', version: 0 }, state, seed);
    expect(initial!.data).toEqual({ changes: { retreatTotal: 377 }, restoredFrom: 0 });
    expect(decideCatalogue({ type: 'Restore', version: 2 }, state, seed)).toEqual([]);
    expect(() => decideCatalogue({ type: 'Restore', version: 3 }, state, seed)).toThrow('No existe esa versión del catálogo.');
  });
});
