import { describe, expect, it } from 'vitest';
import { REWIRING_PATH, rewiringFrom, rewiringNext } from './companions';

describe('the rewiring meditation in the course', () => {
  it('is linked from the 7-phase meditation and leads on to the activity after it', () => {
    expect(rewiringFrom('meditacion-7-fases')).toBe(`${REWIRING_PATH}?desde=meditacion-7-fases`);
    expect(rewiringNext('meditacion-7-fases')?.slug).toBe('niveles-conciencia-hawkins');
  });

  it('opened from anywhere else (or from nowhere) it offers no next activity', () => {
    expect(rewiringNext(null)).toBeUndefined();
    expect(rewiringNext('12-areas-balance')).toBeUndefined();
    expect(rewiringNext('no-existe')).toBeUndefined();
  });
});
