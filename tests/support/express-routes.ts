import type { Server } from 'node:http';

/** One method and path an Express app answers, in OpenAPI form (`/api/{tenantId}/bookings/{id}`). */
export interface RegisteredRoute {
  method: string;
  path: string;
}

interface Layer {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, '{$1}');
const joined = (prefix: string, path: string) => (prefix + (path === '/' ? '' : path)).replace(/\/{2,}/g, '/') || '/';
const pathsOf = (path: string | string[] | undefined) => (path === undefined ? ['/'] : Array.isArray(path) ? path : [path]);

function collect(stack: Layer[], prefix: string, into: RegisteredRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).filter((method) => method !== '_all' && layer.route!.methods[method]);
      for (const path of pathsOf(layer.route.path)) for (const method of methods) into.push({ method, path: openApiPath(joined(prefix, path)) });
    } else if (Array.isArray(layer.handle?.stack)) {
      for (const mount of pathsOf(layer.rawPath)) collect(layer.handle.stack, joined(prefix, mount), into);
    }
  }
}

/**
 * Every route the Express app behind `server` registers, walking its router stack and the routers
 * mounted in it (Express 5 keeps a mount's path as the layer's `rawPath`).
 */
export function registeredRoutes(server: Server): RegisteredRoute[] {
  const app = server.listeners('request')[0] as unknown as { router: { stack: Layer[] } };
  const routes: RegisteredRoute[] = [];
  collect(app.router.stack, '', routes);
  const seen = new Set<string>();
  return routes.filter((route) => {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
