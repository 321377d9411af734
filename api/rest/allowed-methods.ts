import type { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';

// A REST path called with a method it does not answer is a 405 with the methods it does answer in
// `Allow` (RFC 9110 15.5.6), not a 404: the path exists. The methods come from the routes
// themselves, so a new route is covered the day it is added.

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods a path of `api` answers (HEAD with GET, as Hono serves it), or none for an unknown path. */
export function allowedMethodsOf(api: Hono<any>): (path: string) => string[] {
  const router = new TrieRouter<string>();
  for (const route of api.routes) if (route.method !== 'ALL') router.add(route.method, route.path, route.method);
  return (path) => {
    const allowed = METHODS.filter((method) => router.match(method, path)[0].length > 0);
    return allowed.includes('GET') ? ['GET', 'HEAD', ...allowed.slice(1)] : allowed;
  };
}
