// The build's route map (route-modules.ts, read from router.tsx's source) must agree with the router the app runs:
// every address the route table shows a page for is in the map, and nothing else, so that the server's preloads
// (server/plugins/client.ts) never go stale when a route is added, moved or nested.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routeModules } from './route-modules';
import { routes } from './router';

const source = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'router.tsx'), 'utf8');

/** The full pattern of every route of the table that shows a page (has a preload handle), as React Router joins them. */
function pagePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const full = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own = (route.handle as { preload?: unknown } | undefined)?.preload ? [full] : [];
    return [...own, ...pagePaths(route.children ?? [], full)];
  });
}

describe('route → page modules map', () => {
  it('has exactly the addresses of the router', () => {
    const mapped = routeModules(source).map((route) => route.path);
    expect(new Set(mapped)).toEqual(new Set(pagePaths(routes)));
    expect(mapped).toContain('/reprograma');
    expect(mapped).toContain('/newsletter/:campaign/:slug');
    expect(mapped).toContain('/*');
  });

  it('names the page module of each address, with the query scope unless the page goes without it', () => {
    const byPath = new Map(routeModules(source).map((route) => [route.path, route.modules]));
    expect(byPath.get('/menu')).toEqual(['./routes/MenuRoute']);
    // The sales pages ask the API nothing through the query cache (their call form keeps its own state).
    expect(byPath.get('/reprograma')).toEqual(['../features/marketing/pages/ReprogramaPage']);
    expect(byPath.get('/manifiesta-call')).toEqual(['../features/marketing/pages/ManifiestaCallPage']);
    expect(byPath.get('/cursos/manifiesta')).toEqual(['./routes/SyllabusRoute', './query-scope']);
    // A nested page comes with its layout's: the coach's desk and the analytics page.
    expect(byPath.get('/coach/analytics')).toEqual([
      '../features/coach/pages/CoachLayout',
      './query-scope',
      '../features/coach/pages/AnalyticsPage',
    ]);
    // The index of /coach is what /coach shows.
    expect(byPath.get('/coach')).toContain('../features/coach/pages/LearnersPage');
  });

  it('fails the build, naming the line, when the table is written in a way it cannot read', () => {
    const broken = source.replace("{ path: 'hielo', ...show(pages.hielo) }", "{ path: 'hielo', ...show(somewhereElse) }");
    expect(broken).not.toBe(source);
    expect(() => routeModules(broken)).toThrow(/router\.tsx:\d+: a spread in a route must be/);
  });
});
