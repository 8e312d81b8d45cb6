import { describe, expect, it } from 'vitest';
import { addressModules } from './route-manifest';
import { skeletonFor } from './route-skeleton';

describe('the skeleton of each address', () => {
  it.each([
    ['/reprograma', 'sales'],
    ['/Reprograma/', 'sales'],
    ['/nostalgia', 'sales'],
    ['/recursos-gratuitos', 'sales'],
    ['/cursos/manifiesta', 'syllabus'],
    ['/cursos/manifiesta/', 'syllabus'],
    ['/cursos/manifiesta/12-areas-balance', 'activity'],
    ['/cursos/manifiesta/:activitySlug', 'activity'],
    ['/herramientas/7-fases', 'activity'],
    ['/coach', 'table'],
    ['/coach/analytics', 'generic'],
    ['/menu', 'menu'],
    ['/', 'menu'],
    ['/login', 'generic'],
    ['/newsletter/dean/2025-07-01-el-arte-de-soltar', 'generic'],
    ['/esta-ruta/no-existe', 'generic'],
  ])('%s → %s', (pathname, shape) => expect(skeletonFor(pathname).shape).toBe(shape));

  it("the first coaching session says, in the spec's words, that it is checking access", () => {
    expect(skeletonFor('/cursos/manifiesta/primera-sesion-de-coaching')).toEqual({
      shape: 'activity',
      label: 'Verificando tu acceso...',
      showLabel: true,
    });
    expect(skeletonFor('/cursos/manifiesta/12-areas-balance').label).toBeUndefined();
  });

  it('every sales and lead page of the router has the sales shape, and no other page has it', () => {
    const paths = addressModules().map((route) => route.path);
    const sales = paths.filter((pattern) => skeletonFor(pattern).shape === 'sales');
    expect(new Set(sales)).toEqual(
      new Set([
        '/reprograma',
        '/manifiesta',
        '/manifiesta-call',
        '/hielo',
        '/masterclasses',
        '/coaching',
        '/about',
        '/nostalgia',
        '/niveles',
        '/afirmaciones',
        '/recursos-gratuitos',
      ]),
    );
  });
});
