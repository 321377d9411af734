import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { json, operation, respondWithResult, runOperation, type ClientIp, type MutationResult } from './execute.ts';
import { body, documentedAs, field, readBody } from './openapi/describe.ts';
import { MessageAnswer } from './openapi/shapes.ts';
import { strings } from './respond.ts';

// REST for the profile's account settings (issue 25): change the email (a link to the new
// address), confirm it, cancel it, delete the account; the same GraphQL fields the web app uses
// (api/graphql/account-settings.ts). The avatar's bytes are in avatar.routes.ts.

const doc = documentedAs('Accounts');

const ERROR_FIELDS = `__typename ... on Error { message code reason ... on RateLimitedError { retryAfterSeconds }
  ... on ValidationError { fieldErrors { field message } } }`;

type Pending = { newEmail: string; expiresAt: string };
const REQUEST = operation<MutationResult<'requestEmailChange', { message: string; pendingEmailChange: Pending }>>(`mutation RestRequestEmailChange($input: RequestEmailChangeInput!) {
  requestEmailChange(input: $input) { ${ERROR_FIELDS} ... on MutationRequestEmailChangeSuccess { data { message pendingEmailChange { newEmail expiresAt } } } } }`);
const CONFIRM = operation<MutationResult<'confirmEmailChange', { message: string; email: string }>>(`mutation RestConfirmEmailChange($input: ConfirmEmailChangeInput!) {
  confirmEmailChange(input: $input) { ${ERROR_FIELDS} ... on MutationConfirmEmailChangeSuccess { data { message email } } } }`);
const CANCEL = operation<MutationResult<'cancelEmailChange', { message: string }>>(`mutation RestCancelEmailChange {
  cancelEmailChange { ${ERROR_FIELDS} ... on MutationCancelEmailChangeSuccess { data { message } } } }`);
const DELETE = operation<MutationResult<'deleteAccount', { message: string }>>(`mutation RestDeleteAccount($input: DeleteAccountInput!) {
  deleteAccount(input: $input) { ${ERROR_FIELDS} ... on MutationDeleteAccountSuccess { data { message } } } }`);

const ChangeEmailBody = body({ newEmail: field, password: field.describe('The current password.') });
const ConfirmBody = body({ token: field.describe('The token of the link mailed to the new address.') });
const DeleteBody = body({ password: field.describe('The current password.'), confirm: field.describe('The word DELETE.') });

export function accountRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.post('/change-email', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: 'Ask to change the email: a link is mailed to the new address, the old one is told',
    description: 'The email changes only when the link (valid 1 hour, once) is opened. Limited like verification resends.',
    body: ChangeEmailBody,
    example: { newEmail: 'ava.new@example.com', password: 'Str0ng#Pass' },
    answers: { 200: z.object({ message: z.string(), pendingEmailChange: z.object({ newEmail: z.string(), expiresAt: z.string() }) }) },
    errors: [409, 429],
  }), async (c) => {
    const input = strings(await readBody(c, ChangeEmailBody), ['newEmail', 'password']);
    const result = await runOperation(yoga, c, clientIp(c), REQUEST, { input });
    return respondWithResult(c, result, 'requestEmailChange', (data) => json(c, data));
  });

  r.post('/confirm-email-change', doc({
    access: 'public',
    tokenScopes: 'session-only',
    summary: 'Change the email with the token mailed to the new address',
    description: 'No session needed: the link may be opened on another device. 409 when another account took the address meanwhile.',
    body: ConfirmBody,
    example: { token: 'token-from-the-mail' },
    answers: { 200: z.object({ message: z.string(), email: z.string() }) },
    errors: [409],
  }), async (c) => {
    const input = strings(await readBody(c, ConfirmBody), ['token']);
    const result = await runOperation(yoga, c, clientIp(c), CONFIRM, { input });
    return respondWithResult(c, result, 'confirmEmailChange', (data) => json(c, data));
  });

  r.delete('/change-email', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: 'Withdraw a change of email waiting for its link',
    answers: { 200: MessageAnswer },
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), CANCEL);
    return respondWithResult(c, result, 'cancelEmailChange', (data) => json(c, data));
  });

  r.post('/delete-account', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: 'Delete the signed-in account (password and the word DELETE); the session ends',
    description:
      'Personal data is erased or replaced; payments, invoices, sales, reviews, messages and disputes stay with the name "Deleted user". ' +
      '409 names what to settle first: payments in escrow, open disputes, active listings with buyers who have access, accepted bids waiting for payment. Administrators cannot delete their own account here.',
    body: DeleteBody,
    example: { password: 'Str0ng#Pass', confirm: 'DELETE' },
    answers: { 200: MessageAnswer },
    errors: [409, 429],
  }), async (c) => {
    const input = strings(await readBody(c, DeleteBody), ['password', 'confirm']);
    const result = await runOperation(yoga, c, clientIp(c), DELETE, { input });
    return respondWithResult(c, result, 'deleteAccount', (data) => json(c, data));
  });

  return r;
}
