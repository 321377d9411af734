import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../graphql/yoga.ts';
import { json, operation, respondWithGraphQLErrors, respondWithResult, runOperation, type MutationResult, type ClientIp, type TypedDocument } from './execute.ts';
import type { Context } from 'hono';
import { jsonError, strings } from './respond.ts';
import { z } from 'zod';
import { body, documentedAs, field, queryOf, readBody } from './openapi/describe.ts';
import { MessageAnswer, UserAnswer } from './openapi/shapes.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Accounts');

const RegisterBody = body({ name: field, email: field, username: field, password: field, confirmPassword: field });
const LoginBody = body({
  usernameOrEmail: field.optional().describe("A user's username or email. Leave it out and send `email` for the administrator login."),
  email: field.optional().describe('The administrator login (no `usernameOrEmail`).'),
  password: field,
});
const EmailBody = body({ email: field });
const ResetPasswordBody = body({ token: field, password: field, confirmPassword: field });
const VerifyQuery = z.object({ token: z.string().optional(), email: z.string().optional() });

// REST compatibility for accounts (the specification): the same mutations the web
// app runs over GraphQL, reshaped to the spec's JSON.

export const USER_FIELDS = `
  userId name username email isAdmin dueDiligenceStatus profileImage rating reviewCount
  tradeCount completedSales emailVerified memberSince`;
// Typed fields inside `... on Error`: valid whichever error types a mutation's union lists.
const ERROR_FIELDS = `__typename ... on Error { message code reason ... on RateLimitedError { retryAfterSeconds }
  ... on EmailNotVerifiedError { email emailVerificationRequired } ... on ValidationError { fieldErrors { field message } } }`;

export interface UserNode {
  userId: string;
  name: string;
  username: string;
  email: string | null;
  isAdmin: boolean;
  [field: string]: unknown;
}
type Session = { message: string; user: UserNode | null; twoFactorRequired: boolean; challenge: string | null; twoFactorEnrolmentRequired: boolean };
const LOGIN_ANSWER = `message twoFactorRequired challenge twoFactorEnrolmentRequired user { ${USER_FIELDS} }`;

const REGISTER = operation<MutationResult<'register', { message: string; email: string }>>(`mutation RestRegister($input: RegisterInput!) {
  register(input: $input) { ${ERROR_FIELDS} ... on MutationRegisterSuccess { data { message email } } } }`);
const LOGIN = operation<MutationResult<'login', Session>>(`mutation RestLogin($input: LoginInput!) {
  login(input: $input) { ${ERROR_FIELDS} ... on MutationLoginSuccess { data { ${LOGIN_ANSWER} } } } }`);
const ADMIN_LOGIN = operation<MutationResult<'adminLogin', Session>>(`mutation RestAdminLogin($input: AdminLoginInput!) {
  adminLogin(input: $input) { ${ERROR_FIELDS} ... on MutationAdminLoginSuccess { data { ${LOGIN_ANSWER} } } } }`);
const LOGOUT = operation<{ logout: { message: string } }>(`mutation RestLogout { logout { message } }`);
const VIEWER = operation<{ viewer: UserNode | null }>(`query RestViewer { viewer { ${USER_FIELDS} } }`);
const VERIFY = operation<MutationResult<'verifyEmail', { message: string; email: string; alreadyVerified: boolean }>>(`mutation RestVerifyEmail($input: VerifyEmailInput!) {
  verifyEmail(input: $input) { ${ERROR_FIELDS} ... on MutationVerifyEmailSuccess { data { message email alreadyVerified } } } }`);
const RESEND = operation<MutationResult<'resendVerification', { message: string }>>(`mutation RestResend($input: ResendVerificationInput!) {
  resendVerification(input: $input) { ${ERROR_FIELDS} ... on MutationResendVerificationSuccess { data { message } } } }`);
const REQUEST_RESET = operation<MutationResult<'requestPasswordReset', { message: string }>>(`mutation RestRequestPasswordReset($input: RequestPasswordResetInput!) {
  requestPasswordReset(input: $input) { ${ERROR_FIELDS} ... on MutationRequestPasswordResetSuccess { data { message } } } }`);
const RESET_PASSWORD = operation<MutationResult<'resetPassword', { message: string }>>(`mutation RestResetPassword($input: ResetPasswordInput!) {
  resetPassword(input: $input) { ${ERROR_FIELDS} ... on MutationResetPasswordSuccess { data { message } } } }`);

/** The user as REST shows it: `id` is the plain id the other REST paths take. */
export function restUser(user: UserNode) {
  const { userId, ...rest } = user;
  return { id: userId, ...rest };
}


export function authRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  /** A POST whose string fields are one mutation's input and whose answer is its message (resend, forgot, reset). */
  const messageMutation = <K extends string>(schema: z.ZodType<Record<string, unknown>>, fields: readonly string[], document: TypedDocument<MutationResult<K, { message: string }>>, key: K) =>
    async (c: Context<{ Bindings: HttpBindings }>) => {
      const input = strings(await readBody(c, schema), fields);
      const result = await runOperation(yoga, c, clientIp(c), document, { input });
      return respondWithResult(c, result, key, (data) => json(c, data));
    };

  r.post('/register', doc({
    access: 'public',
    tokenScopes: 'session-only',
    summary: 'Create an account; a verification link is mailed',
    body: RegisterBody,
    example: { name: 'Ava Thompson', email: 'ava@example.com', username: 'ava_t', password: 'Str0ng#Pass', confirmPassword: 'Str0ng#Pass' },
    answers: { 201: z.object({ message: z.string(), email: z.string() }) },
    errors: [409, 429],
  }), async (c) => {
    const input = strings(await readBody(c, RegisterBody), ['name', 'email', 'username', 'password', 'confirmPassword']);
    const result = await runOperation(yoga, c, clientIp(c), REGISTER, { input });
    return respondWithResult(c, result, 'register', (data) => json(c, data, 201));
  });

  // One path for both logins, as the spec has it: `usernameOrEmail` is a user login; a body with
  // only `email` is the administrator login of /admin-login (admins only).
  r.post('/login', doc({
    access: 'public',
    tokenScopes: 'session-only',
    summary: 'Log in (sets the session cookie)',
    description: 'A body with `usernameOrEmail` logs a user in; a body with only `email` is the administrator login.',
    body: LoginBody,
    example: { usernameOrEmail: 'ava_t', password: 'Str0ng#Pass' },
    answers: {
      200: z.union([
        UserAnswer.extend({
          message: z.string(),
          user: UserAnswer,
          twoFactorEnrolmentRequired: z.literal(true).optional().describe('An administrator where two-factor sign-in is required: only enrolment is open until it is on.'),
        }),
        z.object({
          message: z.string(),
          twoFactorRequired: z.literal(true).describe('Two-factor sign-in is on: no session yet.'),
          challenge: z.string().describe('Send it with a code to POST /api/auth/login/two-factor within 5 minutes.'),
        }),
      ]),
    },
    errors: [401, 403, 429],
  }), async (c) => {
    const body = await readBody(c, LoginBody);
    const admin = body.usernameOrEmail === undefined && body.email !== undefined;
    // With two-factor sign-in on there is no session yet: the challenge goes to POST /api/auth/login/two-factor.
    const ok = (data: Session) =>
      data.user
        ? json(c, { message: data.message, ...restUser(data.user), user: restUser(data.user), ...(data.twoFactorEnrolmentRequired ? { twoFactorEnrolmentRequired: true } : {}) })
        : json(c, { message: data.message, twoFactorRequired: true, challenge: data.challenge });
    if (admin) {
      const result = await runOperation(yoga, c, clientIp(c), ADMIN_LOGIN, { input: strings(body, ['email', 'password']) });
      return respondWithResult(c, result, 'adminLogin', ok);
    }
    const result = await runOperation(yoga, c, clientIp(c), LOGIN, { input: strings(body, ['usernameOrEmail', 'password']) });
    return respondWithResult(c, result, 'login', ok);
  });

  r.post('/logout', doc({
    access: 'public',
    tokenScopes: 'session-only',
    summary: 'Log out: the session ends on the server and the cookie is cleared',
    answers: { 200: MessageAnswer },
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), LOGOUT);
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    return json(c, result.data!.logout);
  });

  r.get('/user', doc({
    access: 'signed-in',
    tokenScopes: ['account:read', 'listings'],
    summary: 'The signed-in user',
    answers: { 200: UserAnswer },
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), VIEWER);
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const viewer = result.data?.viewer;
    return viewer ? json(c, restUser(viewer)) : jsonError(c, 'LOGIN_REQUIRED', 'Not authenticated');
  });

  r.get('/verify-email', doc({
    access: 'public',
    tokenScopes: 'session-only',
    summary: 'Verify an email address with the mailed token',
    answers: { 200: z.object({ message: z.string(), email: z.string(), alreadyVerified: z.boolean().describe('The link had been used and the email was already verified: nothing changed.') }) },
    errors: [404],
  }), queryOf(VerifyQuery), async (c) => {
    const query = c.req.valid('query');
    const input = { token: query.token ?? '', email: query.email ?? null };
    const result = await runOperation(yoga, c, clientIp(c), VERIFY, { input });
    return respondWithResult(c, result, 'verifyEmail', (data) => json(c, data));
  });

  r.post('/resend-verification', doc({
    access: 'public',
    tokenScopes: 'session-only',
    summary: 'Mail a new verification link',
    body: EmailBody,
    example: { email: 'ava@example.com' },
    answers: { 200: MessageAnswer },
    errors: [429],
  }), messageMutation(EmailBody, ['email'], RESEND, 'resendVerification'));

  r.post('/forgot-password', doc({
    access: 'public',
    tokenScopes: 'session-only',
    summary: 'Mail a link to reset the password',
    description: 'The answer is the same whether or not an account has this email. Limited like verification resends.',
    body: EmailBody,
    example: { email: 'ava@example.com' },
    answers: { 200: MessageAnswer },
    errors: [429],
  }), messageMutation(EmailBody, ['email'], REQUEST_RESET, 'requestPasswordReset'));

  r.post('/reset-password', doc({
    access: 'public',
    tokenScopes: 'session-only',
    summary: 'Set a new password with the mailed token; every session of the account ends',
    description: 'The password rules of registration apply. The token works once and for an hour.',
    body: ResetPasswordBody,
    example: { token: 'token-from-the-mail', password: 'N3w#Passw0rd', confirmPassword: 'N3w#Passw0rd' },
    answers: { 200: MessageAnswer },
  }), messageMutation(ResetPasswordBody, ['token', 'password', 'confirmPassword'], RESET_PASSWORD, 'resetPassword'));

  return r;
}
