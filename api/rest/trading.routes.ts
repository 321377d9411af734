import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../graphql/yoga.ts';
import { json, listEveryPage, operation, respondWithResult, runOperation, type ClientIp } from './execute.ts';
import { jsonError } from './respond.ts';
import { MULTIPLIER_MESSAGE, POSITION_TYPE_MESSAGE } from '../domain/trading/positions.schemas.ts';
import { z } from 'zod';
import { body, documentedAs, field, readBody } from './openapi/describe.ts';
import { PositionAnswer } from './openapi/shapes.ts';
import { TOTAL_HEADER } from './page-links.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Trading');

// Numbers may come as numbers or as text; the domain's rules say what a valid one is.
const amountOf = (name: string) => z.union([z.number(), z.string()], { error: `${name} must be a number` });
const OpenBody = body({
  contractId: field.nullish(),
  positionType: z.enum(['long', 'short'], { error: POSITION_TYPE_MESSAGE }),
  quantity: amountOf('quantity').nullish(),
  leverage: z
    .union([z.number(), z.string()], { error: MULTIPLIER_MESSAGE })
    .nullish()
    .describe('The multiplier, a whole number from 1 to 5 (1 when left out).'),
  stopLoss: amountOf('stopLoss').nullish(),
  takeProfit: amountOf('takeProfit').nullish(),
});

// Paper positions over REST (docs/decisions.md "Trading"), for the logged-in trader only:
//   GET  /api/positions                 the viewer's positions, newest first (a userId in the query
//                                       is ignored: nobody reads another trader's positions)
//   POST /api/positions                 { contractId, positionType, quantity, leverage, stopLoss,
//                                       takeProfit } (numbers as strings or numbers); entryPrice and
//                                       margin, if sent, are ignored: the server sets them. 201.
//   POST /api/positions/{id}/close      no body; 409 when already closed, 404 unknown (or not yours)
// 401 logged out; 400 bad input, with the rule's message.

interface PositionNode {
  positionId: string;
  contractId: string;
  contract: { title: string };
  positionType: string;
  status: string;
  entryPrice: string;
  currentPrice: string;
  quantity: string;
  leverage: number;
  margin: string;
  stopLoss: string | null;
  takeProfit: string | null;
  exitPrice: string | null;
  realizedPnl: string | null;
  closeReason: string | null;
  pnl: string;
  pnlPercent: string;
  openedAt: string;
  closedAt: string | null;
}

interface Page<T> {
  edges: Array<{ node: T }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

const POSITION_FIELDS = `positionId contractId contract { title } positionType status entryPrice currentPrice quantity leverage margin
  stopLoss takeProfit exitPrice realizedPnl closeReason pnl pnlPercent openedAt closedAt`;
const ERROR_FIELDS = `__typename ... on Error { message code reason ... on ValidationError { fieldErrors { field message } } }`;
const PAGE = 100;

const POSITIONS = operation<{ viewer: { positions: Page<PositionNode> | null } | null }, { after?: string | null }>(`query RestPositions($after: String) {
  viewer { positions(first: ${PAGE}, after: $after) { edges { node { ${POSITION_FIELDS} } } pageInfo { hasNextPage endCursor } } } }`);

const OPEN = operation<{ openPosition: { __typename: string; data?: PositionNode } }>(`mutation RestOpenPosition($input: OpenPositionInput!) {
  openPosition(input: $input) { ${ERROR_FIELDS} ... on MutationOpenPositionSuccess { data { ${POSITION_FIELDS} } } } }`);

const CLOSE = operation<{ closePosition: { __typename: string; data?: PositionNode } }>(`mutation RestClosePosition($input: ClosePositionInput!) {
  closePosition(input: $input) { ${ERROR_FIELDS} ... on MutationClosePositionSuccess { data { ${POSITION_FIELDS} } } } }`);


const positionJson = (p: PositionNode) => ({
  id: p.positionId,
  contractId: p.contractId,
  contract: { title: p.contract.title },
  positionType: p.positionType,
  status: p.status,
  entryPrice: p.entryPrice,
  currentPrice: p.currentPrice,
  quantity: p.quantity,
  leverage: p.leverage,
  margin: p.margin,
  stopLoss: p.stopLoss,
  takeProfit: p.takeProfit,
  pnl: p.pnl,
  pnlPercent: p.pnlPercent,
  exitPrice: p.exitPrice,
  realizedPnl: p.realizedPnl,
  closeReason: p.closeReason,
  openedAt: p.openedAt,
  closedAt: p.closedAt,
});

/** A decimal field as the GraphQL input takes it: text stays text, a number becomes text, blank is absent. */
function decimalOf(v: unknown): string | null | undefined {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : undefined;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  return undefined;
}

export function tradingRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.get('/positions', doc({
    access: 'signed-in',
    tokenScopes: ['trade'],
    summary: "The signed-in trader's paper positions, newest first",
    answers: { 200: { description: 'The positions', schema: z.array(PositionAnswer), headers: TOTAL_HEADER } },
  }), async (c) => {
    const loggedOut = () => jsonError(c, 'LOGIN_REQUIRED', 'Authentication required');
    return listEveryPage(yoga, c, clientIp(c), POSITIONS, {}, (data) => data?.viewer?.positions ?? loggedOut(), positionJson);
  });

  r.post('/positions', doc({
    access: 'signed-in',
    tokenScopes: ['trade'],
    summary: 'Open a long or short paper position with a 1-5x multiplier',
    description: 'The entry price and margin are set by the server (anything sent for them is ignored).',
    body: OpenBody,
    example: { contractId: '0196c4a0-0000-7000-8000-000000000001', positionType: 'long', quantity: 2, leverage: 3, stopLoss: 150, takeProfit: 260 },
    answers: { 201: PositionAnswer },
    errors: [404],
  }), async (c) => {
    const body = await readBody(c, OpenBody);
    const { positionType } = body;
    let leverage: number | null = null;
    if (body.leverage !== undefined && body.leverage !== null && body.leverage !== '') {
      const text = String(body.leverage).trim();
      leverage = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(leverage)) return jsonError(c, 'INVALID_INPUT', MULTIPLIER_MESSAGE);
    }
    const fields = { quantity: decimalOf(body.quantity), stopLoss: decimalOf(body.stopLoss), takeProfit: decimalOf(body.takeProfit) };
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined) return jsonError(c, 'INVALID_INPUT', `${name} must be a number`);
    }
    const contractId = body.contractId === undefined || body.contractId === null ? null : String(body.contractId);
    const result = await runOperation(yoga, c, clientIp(c), OPEN, { input: { contractId, positionType, leverage, ...fields } });
    return respondWithResult(c, result, 'openPosition', (data: PositionNode) => json(c, positionJson(data), 201));
  });

  r.post('/positions/:id/close', doc({
    access: 'signed-in',
    tokenScopes: ['trade'],
    summary: 'Close a position at the current price',
    answers: { 200: PositionAnswer },
    errors: [404, 409],
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), CLOSE, { input: { positionId: c.req.param('id') } });
    return respondWithResult(c, result, 'closePosition', (data: PositionNode) => json(c, positionJson(data)));
  });

  return r;
}
