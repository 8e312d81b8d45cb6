// The routes an app really serves, read from Fastify's route tree: documented or hidden from the API docs.
import type { App } from '../../server/app';

/**
 * Every method × path under /api (the API docs' own pages aside) from Fastify's route tree, which knows
 * every route, documented or not. Lines look like `│   ├── api/leads/add (POST)`, four columns a level.
 */
export function servedApiRoutes(app: Pick<App, 'printRoutes'>): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('').replace(/\/+/g, '/');
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) {
      routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes.sort();
}
