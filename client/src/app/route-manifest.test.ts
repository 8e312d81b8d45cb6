// The route manifest is what the build names in each address's first HTML (routes.json) and what the router runs:
// the two must agree on every address and every module, or the server preloads the wrong page (or none) and
// answers 404 for a page that exists.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { addressModules, PAGE_MODULES, QUERY_SCOPE_MODULE, ROUTES, type PageKey, type RouteEntry } from './route-manifest';
import { pages, routes } from './router';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fileOf = (module: string) => [`${module}.tsx`, `${module}.ts`].map((file) => path.join(src, file)).find(existsSync);

/** The full pattern of every route of the table that shows a page (has a preload handle), as React Router joins them. */
function pagePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const full = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own = (route.handle as { preload?: unknown } | undefined)?.preload ? [full] : [];
    return [...own, ...pagePaths(route.children ?? [], full)];
  });
}

/** The page keys the manifest's routes show, each time one is shown. */
const shownPages = (list: readonly RouteEntry[]): PageKey[] =>
  list.flatMap((route) => [...('page' in route ? [route.page] : []), ...shownPages('children' in route ? (route.children ?? []) : [])]);

describe('the route manifest', () => {
  it('has exactly the addresses of the router', () => {
    const mapped = addressModules().map((address) => address.path);
    expect(new Set(mapped)).toEqual(new Set(pagePaths(routes)));
    expect(mapped).toHaveLength(new Set(mapped).size);
    expect(mapped).toContain('/reprograma');
    expect(mapped).toContain('/newsletter/:campaign/:slug');
  });

  it('names, for each page, the module and export that the router loads', async () => {
    expect(Object.keys(pages).sort()).toEqual(Object.keys(PAGE_MODULES).sort());
    for (const [key, module] of Object.entries(PAGE_MODULES) as [PageKey, string][]) {
      const file = fileOf(module);
      expect(file, `${key}: client/src/${module} does not exist`).toBeDefined();
      const exports = (await import(/* @vite-ignore */ file!)) as Record<string, unknown>;
      const exported = exports[path.basename(module)];
      expect(exported, `${key}: ${module} exports no ${path.basename(module)}`).toBeDefined();
      expect(await pages[key](), `${key}: router.tsx loads another module than ${module}`).toBe(exported);
    }
  });

  it('every module an address loads is a file of the client', () => {
    for (const { path: pattern, modules } of addressModules()) {
      for (const module of modules) expect(fileOf(module), `${pattern}: ${module}`).toBeDefined();
    }
  });

  it('shows every page at exactly one address', () => {
    expect(shownPages(ROUTES).sort()).toEqual(Object.keys(PAGE_MODULES).sort());
  });

  it('names the page module of each address, with the query scope unless the page goes without it', () => {
    const byPath = new Map(addressModules().map((address) => [address.path, address.modules]));
    expect(byPath.get('/menu')).toEqual(['app/routes/MenuRoute']);
    // The sales pages ask the API nothing through the query cache (their call form keeps its own state).
    expect(byPath.get('/reprograma')).toEqual(['features/marketing/pages/ReprogramaPage']);
    expect(byPath.get('/manifiesta-call')).toEqual(['features/marketing/pages/ManifiestaCallPage']);
    expect(byPath.get('/cursos/manifiesta')).toEqual(['app/routes/SyllabusRoute', QUERY_SCOPE_MODULE]);
    // A nested page comes with its layout's: the coach's desk and the analytics page.
    expect(byPath.get('/coach/analytics')).toEqual(['features/coach/pages/CoachLayout', QUERY_SCOPE_MODULE, 'features/coach/pages/AnalyticsPage']);
    // The index of /coach is what /coach shows.
    expect(byPath.get('/coach')).toEqual(['features/coach/pages/CoachLayout', QUERY_SCOPE_MODULE, 'features/coach/pages/LearnersPage']);
  });

  it("sends '/' on to /menu: a redirect, no page of its own", () => {
    expect(ROUTES).toContainEqual({ index: true, redirect: '/menu' });
    expect(addressModules().map((address) => address.path)).not.toContain('/');
  });

  it("shows the 404 page at '*', last, without the query library", () => {
    const last = ROUTES.at(-1);
    expect(last).toEqual({ path: '*', page: 'notFound', query: false });
    expect(addressModules().find((address) => address.path === '/*')?.modules).toEqual(['features/not-found/pages/NotFoundPage']);
  });

  it('lists the addresses with parameters (the server judges their values, route-params.ts)', () => {
    const withParams = addressModules()
      .map((address) => address.path)
      .filter((pattern) => pattern.includes('/:'));
    expect(withParams.sort()).toEqual([
      '/coach/learners/:id',
      '/coach/newsletter/:id',
      '/coach/secuencias/:page/:section/:step',
      '/cursos/manifiesta/:activitySlug',
      '/newsletter/:campaign/:slug',
    ]);
  });
});
