import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { json, operation, respondWithGraphQLErrors, respondWithResult, runOperation, type ClientIp, type MutationResult } from './execute.ts';
import { body, documentedAs, field, readBody } from './openapi/describe.ts';
import { MessageAnswer } from './openapi/shapes.ts';
import { strings } from './respond.ts';

// REST for the profile's Security section (issue 25): the signed-in user's own sessions and the
// password change, the same GraphQL fields the web app uses (api/graphql/security.ts).

const ERROR_FIELDS = `__typename ... on Error { message code reason ... on RateLimitedError { retryAfterSeconds }
  ... on ValidationError { fieldErrors { field message } } }`;

interface SessionNode {
  sessionId: string;
  device: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

const SESSIONS = operation<{ viewerSessions: SessionNode[] }>(`query RestSessions { viewerSessions { sessionId device ip createdAt lastSeenAt current } }`);
const END_SESSION = operation<MutationResult<'endSession', { message: string }>>(`mutation RestEndSession($sessionId: String!) {
  endSession(sessionId: $sessionId) { ${ERROR_FIELDS} ... on MutationEndSessionSuccess { data { message } } } }`);
const END_OTHERS = operation<MutationResult<'endOtherSessions', { message: string }>>(`mutation RestEndOtherSessions {
  endOtherSessions { ${ERROR_FIELDS} ... on MutationEndOtherSessionsSuccess { data { message } } } }`);
const CHANGE_PASSWORD = operation<MutationResult<'changePassword', { message: string }>>(`mutation RestChangePassword($input: ChangePasswordInput!) {
  changePassword(input: $input) { ${ERROR_FIELDS} ... on MutationChangePasswordSuccess { data { message } } } }`);

const SessionAnswer = z.object({
  id: z.string().describe('The plain session id the sign-out path takes.'),
  device: z.string().describe('Browser and system from its User-Agent ("Chrome on macOS"); approximate.'),
  ip: z.string().nullable().describe('The client address it logged in from.'),
  createdAt: z.string().describe('When it logged in (ISO 8601).'),
  lastSeenAt: z.string().describe('Its last request, to the minute or so (ISO 8601).'),
  current: z.boolean().describe('The session making this request.'),
});
const doc = documentedAs('Accounts');
const ChangePasswordBody = body({ currentPassword: field, newPassword: field, confirmPassword: field });

export function sessionRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.get('/sessions', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: "The signed-in user's own live sessions, the most recently used first",
    answers: { 200: z.array(SessionAnswer) },
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), SESSIONS);
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    return json(c, result.data!.viewerSessions.map(({ sessionId, ...rest }) => ({ id: sessionId, ...rest })));
  });

  // Everything but this one first: a path under /sessions/{id} would take "sign-out-others" as an id.
  r.post('/sessions/sign-out-others', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: 'Sign out every other session of the signed-in user (this one stays)',
    answers: { 200: MessageAnswer },
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), END_OTHERS);
    return respondWithResult(c, result, 'endOtherSessions', (data) => json(c, data));
  });

  r.post('/sessions/:sessionId/sign-out', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: "Sign out one of the signed-in user's sessions (the current one is a logout)",
    answers: { 200: MessageAnswer },
    errors: [404],
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), END_SESSION, { sessionId: c.req.param('sessionId') });
    return respondWithResult(c, result, 'endSession', (data) => json(c, data));
  });

  r.post('/change-password', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: 'Change the password (the current one required); every other session is signed out',
    body: ChangePasswordBody,
    example: { currentPassword: 'Str0ng#Pass', newPassword: 'N3w#Str0ngPass', confirmPassword: 'N3w#Str0ngPass' },
    answers: { 200: MessageAnswer },
    errors: [429],
  }), async (c) => {
    const input = strings(await readBody(c, ChangePasswordBody), ['currentPassword', 'newPassword', 'confirmPassword']);
    const result = await runOperation(yoga, c, clientIp(c), CHANGE_PASSWORD, { input });
    return respondWithResult(c, result, 'changePassword', (data) => json(c, data));
  });

  return r;
}
