import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface Route {
  method: HTTPMethods;
  path: string;
}

/** Routes from `printRoutes` (a tree of path segments with their methods). */
export function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)/.exec(line);
    if (!match) continue;
    const depth = Math.floor((match[1] ?? '').length / 4);
    const segment = (match[2] ?? '').split('|')[0] ?? '';
    stack.length = depth;
    stack.push(segment);
    const path = stack.join('');
    // printRoutes shows the /api/auth/* catch-all as a bare `*`; authEndpoints() covers it.
    if (!path.startsWith('/')) continue;
    for (const method of (match[3] ?? '').split(', ')) routes.push({ method: method as HTTPMethods, path });
  }
  return routes;
}
