import { Hono, type Context as HonoContext } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../app.ts';
import { json, operation, respondWithGraphQLErrors, respondWithResult, runOperation } from './execute.ts';
import { jsonError, readJsonObject, strings } from './respond.ts';

// REST compatibility for accounts (the specification): the same mutations the web
// app runs over GraphQL, reshaped to the spec's JSON.

const USER_FIELDS = `
  userId name username email isAdmin dueDiligenceStatus profileImage rating reviewCount
  tradeCount completedSales emailVerified memberSince`;
const ERROR_FIELDS = `__typename ... on Error { message code reason } ... on RateLimitedError { retryAfterSeconds }
  ... on EmailNotVerifiedError { email emailVerificationRequired } ... on ValidationError { fieldErrors { field message } }`;

interface UserNode {
  userId: string;
  name: string;
  username: string;
  email: string | null;
  isAdmin: boolean;
  [field: string]: unknown;
}
type Result<K extends string, T> = Record<K, { __typename: string; data?: T; code?: string; message?: string }>;
type Session = { message: string; user: UserNode };

const REGISTER = operation<Result<'register', { message: string; email: string }>>(`mutation RestRegister($input: RegisterInput!) {
  register(input: $input) { ${ERROR_FIELDS} ... on MutationRegisterSuccess { data { message email } } } }`);
const LOGIN = operation<Result<'login', Session>>(`mutation RestLogin($input: LoginInput!) {
  login(input: $input) { ${ERROR_FIELDS} ... on MutationLoginSuccess { data { message user { ${USER_FIELDS} } } } } }`);
const ADMIN_LOGIN = operation<Result<'adminLogin', Session>>(`mutation RestAdminLogin($input: AdminLoginInput!) {
  adminLogin(input: $input) { ${ERROR_FIELDS} ... on MutationAdminLoginSuccess { data { message user { ${USER_FIELDS} } } } } }`);
const LOGOUT = operation<{ logout: { message: string } }>(`mutation RestLogout { logout { message } }`);
const VIEWER = operation<{ viewer: UserNode | null }>(`query RestViewer { viewer { ${USER_FIELDS} } }`);
const VERIFY = operation<Result<'verifyEmail', { message: string; email: string }>>(`mutation RestVerifyEmail($input: VerifyEmailInput!) {
  verifyEmail(input: $input) { ${ERROR_FIELDS} ... on MutationVerifyEmailSuccess { data { message email } } } }`);
const RESEND = operation<Result<'resendVerification', { message: string }>>(`mutation RestResend($input: ResendVerificationInput!) {
  resendVerification(input: $input) { ${ERROR_FIELDS} ... on MutationResendVerificationSuccess { data { message } } } }`);

/** The user as REST shows it: `id` is the plain id the other REST paths take. */
export function restUser(user: UserNode) {
  const { userId, ...rest } = user;
  return { id: userId, ...rest };
}

type ClientIp = (c: HonoContext<{ Bindings: HttpBindings }>) => string;

export function authRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.post('/register', async (c) => {
    const input = strings(await readJsonObject(c), ['name', 'email', 'username', 'password', 'confirmPassword']);
    const result = await runOperation(yoga, c, clientIp(c), REGISTER, { input });
    return respondWithResult(c, result, 'register', (data) => json(c, data, 201));
  });

  // One path for both logins, as the spec has it: `usernameOrEmail` is a user login; a body with
  // only `email` is the administrator login of /admin-login (admins only).
  r.post('/login', async (c) => {
    const body = await readJsonObject(c);
    const admin = body.usernameOrEmail === undefined && body.email !== undefined;
    const ok = (data: Session) => json(c, { message: data.message, ...restUser(data.user), user: restUser(data.user) });
    if (admin) {
      const result = await runOperation(yoga, c, clientIp(c), ADMIN_LOGIN, { input: strings(body, ['email', 'password']) });
      return respondWithResult(c, result, 'adminLogin', ok);
    }
    const result = await runOperation(yoga, c, clientIp(c), LOGIN, { input: strings(body, ['usernameOrEmail', 'password']) });
    return respondWithResult(c, result, 'login', ok);
  });

  r.post('/logout', async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), LOGOUT);
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    return json(c, result.data!.logout);
  });

  r.get('/user', async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), VIEWER);
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const viewer = result.data?.viewer;
    return viewer ? json(c, restUser(viewer)) : jsonError(c, 401, 'Not authenticated');
  });

  r.get('/verify-email', async (c) => {
    const input = { token: c.req.query('token') ?? '', email: c.req.query('email') ?? null };
    const result = await runOperation(yoga, c, clientIp(c), VERIFY, { input });
    return respondWithResult(c, result, 'verifyEmail', (data) => json(c, data));
  });

  r.post('/resend-verification', async (c) => {
    const input = strings(await readJsonObject(c), ['email']);
    const result = await runOperation(yoga, c, clientIp(c), RESEND, { input });
    return respondWithResult(c, result, 'resendVerification', (data) => json(c, data));
  });

  return r;
}
