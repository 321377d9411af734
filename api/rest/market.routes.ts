import { Hono, type Context as HonoContext } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../app.ts';
import { json, operation, respondWithGraphQLErrors, runOperation } from './execute.ts';

const STATS = operation(`query RestStats { marketStats {
  activeContracts totalContracts totalUsers activeUsers totalVolume volumeToday totalTransactions } }`);

export function marketRoutes(yoga: Yoga, clientIp: (c: HonoContext<{ Bindings: HttpBindings }>) => string) {
  const r = new Hono<{ Bindings: HttpBindings }>();
  // GET /api/stats (buyer-side.md §7): activeContracts, totalUsers, totalVolume, totalTransactions.
  r.get('/stats', async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), STATS);
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors);
    return json(c, result.data!.marketStats);
  });
  return r;
}
