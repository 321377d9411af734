import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { json, operation, respondWithGraphQLErrors, respondWithResult, runOperation, type ClientIp, type MutationResult } from './execute.ts';
import { jsonError } from './respond.ts';
import { body, documentedAs, readBody } from './openapi/describe.ts';

// The billing name and address invoices are made out to (docs/decisions.md "Issue 25: receipts and
// invoices"), the same GraphQL fields the profile and the checkout use:
//   GET /api/profile/billing                      { name, address }
//   PUT /api/profile/billing { name, address }    both set (left out or empty: cleared); answers them

interface Billing {
  name: string | null;
  address: string | null;
}

const BILLING = operation<{ viewer: { billingDetails: Billing | null } | null }>(`query RestBillingDetails { viewer { billingDetails { name address } } }`);
const UPDATE_BILLING = operation<MutationResult<'updateBillingDetails', { billingDetails: Billing | null }>>(`mutation RestUpdateBillingDetails($input: BillingDetailsInput!) {
  updateBillingDetails(input: $input) { __typename ... on Error { message code reason ... on ValidationError { fieldErrors { field message } } }
    ... on MutationUpdateBillingDetailsSuccess { data { billingDetails { name address } } } } }`);

const BillingAnswer = z.object({
  name: z.string().nullable().describe('Billing name (a company, say); invoices show the account name when empty.'),
  address: z.string().nullable().describe('Postal address, several lines.'),
});
const BillingBody = body({ name: z.string().nullable().optional(), address: z.string().nullable().optional() });
const doc = documentedAs('Accounts');
const NONE: Billing = { name: null, address: null };

export function billingRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.get('/profile/billing', doc({
    access: 'signed-in',
    tokenScopes: ['account:read'],
    summary: 'The billing name and address invoices are made out to',
    answers: { 200: BillingAnswer },
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), BILLING);
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const viewer = result.data?.viewer;
    return viewer ? json(c, viewer.billingDetails ?? NONE) : jsonError(c, 'LOGIN_REQUIRED', 'Authentication required');
  });

  r.put('/profile/billing', doc({
    access: 'signed-in',
    tokenScopes: ['account:write'],
    summary: 'Set the billing name and address for invoices issued from now on',
    description: 'Sets both: a field left out or empty is cleared, as in the profile\'s form. Invoices already issued keep the details they were issued with.',
    body: BillingBody,
    example: { name: 'Northwind Analytics Ltd', address: '1 Market Street\nLondon EC1A 1AA' },
    answers: { 200: BillingAnswer },
  }), async (c) => {
    const { name, address } = await readBody(c, BillingBody);
    const result = await runOperation(yoga, c, clientIp(c), UPDATE_BILLING, { input: { name, address } });
    return respondWithResult(c, result, 'updateBillingDetails', (data) => json(c, data.billingDetails ?? NONE));
  });

  return r;
}
