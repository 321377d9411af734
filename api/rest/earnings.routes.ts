import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../graphql/yoga.ts';
import { json, operation, respondWithGraphQLErrors, runOperation, type ClientIp } from './execute.ts';
import { jsonError } from './respond.ts';
import { z } from 'zod';
import { documentedAs, queryOf } from './openapi/describe.ts';
import { Decimal } from './openapi/shapes.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Earnings');

const EarningsQuery = z.object({
  from: z.string().optional().describe('An ISO date (2026-01-31, midnight UTC) or date-time.'),
  to: z.string().optional().describe('An ISO date or date-time.'),
});
const EarningsAnswer = z
  .object({
    totalPlatformRevenue: Decimal,
    commissionRate: z.number(),
    totalTransactionVolume: Decimal,
    totalTransactions: z.number().int(),
    averageCommissionPerTransaction: Decimal,
    topEarningProviders: z.array(z.object({ id: z.string(), name: z.string(), transactions: z.number().int(), earnings: Decimal }).loose()),
    revenueByDay: z.array(z.object({ date: z.string(), revenue: Decimal, volume: Decimal, transactions: z.number().int() }).loose()),
  })
  .loose();

// GET /api/platform/earnings: the earnings object of the administrators' /earnings, with the
// spec's field names (money as two-place decimal strings), plus revenueByDay for the chart.
// Administrators only: anonymous 401, anyone else 403 (the GraphQL field's `admin` scope).

interface EarningsNode {
  totalPlatformRevenue: string;
  commissionRate: number;
  totalTransactionVolume: string;
  totalTransactions: number;
  averageCommissionPerTransaction: string;
  topEarningProviders: Array<{ userId: string; name: string; transactions: number; earnings: string }>;
  revenueByDay: Array<{ date: string; revenue: string; volume: string; transactions: number }>;
}

const EARNINGS = operation<{ platformEarnings: EarningsNode }>(`query RestPlatformEarnings($from: DateTime, $to: DateTime) {
  platformEarnings(from: $from, to: $to) { totalPlatformRevenue commissionRate totalTransactionVolume totalTransactions
    averageCommissionPerTransaction topEarningProviders { userId name transactions earnings }
    revenueByDay { date revenue volume transactions } } }`);


/** Optional ?from= / ?to=: an ISO date or date-time (a bare date is midnight UTC). */
function instant(value: string | undefined): string | undefined | Error {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return new Error();
  const date = new Date(/T/.test(text) ? text : `${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? new Error() : date.toISOString();
}

export function earningsRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.get('/platform/earnings', doc({
    access: 'admin',
    tokenScopes: ['admin'],
    summary: 'Platform earnings: commission, volume, top providers, revenue by day',
    answers: { 200: EarningsAnswer },
  }), queryOf(EarningsQuery), async (c) => {
    const query = c.req.valid('query');
    const from = instant(query.from);
    const to = instant(query.to);
    if (from instanceof Error) return jsonError(c, 'INVALID_INPUT', 'from must be an ISO date (2026-01-31) or date-time');
    if (to instanceof Error) return jsonError(c, 'INVALID_INPUT', 'to must be an ISO date (2026-01-31) or date-time');
    const result = await runOperation(yoga, c, clientIp(c), EARNINGS, { from, to });
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const { topEarningProviders, ...rest } = result.data!.platformEarnings;
    return json(c, { ...rest, topEarningProviders: topEarningProviders.map(({ userId, ...p }) => ({ id: userId, ...p })) });
  });

  return r;
}
