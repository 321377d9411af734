import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { json, operation, respondWithGraphQLErrors, respondWithResult, runOperation, type ClientIp, type MutationResult } from './execute.ts';
import { body, documentedAs, field, readBody } from './openapi/describe.ts';
import { MessageAnswer, UserAnswer } from './openapi/shapes.ts';
import { strings } from './respond.ts';
import { restUser, USER_FIELDS, type UserNode } from './auth.routes.ts';

// REST for two-factor sign-in (issue 25): the login's second step and the Security section's
// enrolment, the same GraphQL fields the web app uses (api/graphql/two-factor.ts;
// docs/decisions.md "Issue 25: two-factor sign-in").

const ERROR_FIELDS = `__typename ... on Error { message code reason ... on RateLimitedError { retryAfterSeconds }
  ... on ValidationError { fieldErrors { field message } } }`;

interface Status {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  requiredForAccount: boolean;
}
type Enrolment = { secret: string; otpauthUri: string; qrCodeDataUrl: string };
type Codes = { message: string; recoveryCodes: string[] };

const STATUS = operation<{ viewerTwoFactor: Status }>(`query RestTwoFactor { viewerTwoFactor { enabled enabledAt recoveryCodesLeft requiredForAccount } }`);
const START = operation<MutationResult<'startTwoFactorEnrolment', Enrolment>>(`mutation RestStartTwoFactor {
  startTwoFactorEnrolment { ${ERROR_FIELDS} ... on MutationStartTwoFactorEnrolmentSuccess { data { secret otpauthUri qrCodeDataUrl } } } }`);
const CONFIRM = operation<MutationResult<'confirmTwoFactorEnrolment', Codes>>(`mutation RestConfirmTwoFactor($input: ConfirmTwoFactorInput!) {
  confirmTwoFactorEnrolment(input: $input) { ${ERROR_FIELDS} ... on MutationConfirmTwoFactorEnrolmentSuccess { data { message recoveryCodes } } } }`);
const DISABLE = operation<MutationResult<'disableTwoFactor', { message: string }>>(`mutation RestDisableTwoFactor($input: DisableTwoFactorInput!) {
  disableTwoFactor(input: $input) { ${ERROR_FIELDS} ... on MutationDisableTwoFactorSuccess { data { message } } } }`);
const REGENERATE = operation<MutationResult<'regenerateRecoveryCodes', Codes>>(`mutation RestRegenerateRecoveryCodes($input: RegenerateRecoveryCodesInput!) {
  regenerateRecoveryCodes(input: $input) { ${ERROR_FIELDS} ... on MutationRegenerateRecoveryCodesSuccess { data { message recoveryCodes } } } }`);
const COMPLETE = operation<MutationResult<'completeTwoFactorLogin', { message: string; user: UserNode }>>(`mutation RestCompleteTwoFactorLogin($input: CompleteTwoFactorLoginInput!) {
  completeTwoFactorLogin(input: $input) { ${ERROR_FIELDS} ... on MutationCompleteTwoFactorLoginSuccess { data { message user { ${USER_FIELDS} } } } } }`);

const doc = documentedAs('Accounts');
const CompleteBody = body({
  challenge: field.describe('The `challenge` POST /api/auth/login answered with `twoFactorRequired: true` (valid 5 minutes).'),
  code: field.describe('The 6-digit code of the authenticator app, or one of the recovery codes.'),
});
const CodeAndPasswordBody = body({ code: field.describe('A current authenticator code (turning off: or a recovery code).'), password: field });
const PasswordBody = body({ password: field });
const StatusAnswer = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable().describe('When it was turned on (ISO 8601).'),
  recoveryCodesLeft: z.number().int().describe('Recovery codes not used yet.'),
  requiredForAccount: z.boolean().describe('An administrator who must turn it on before using administrator tools.'),
});
const EnrolmentAnswer = z.object({
  secret: z.string().describe('The shared secret in base32, for typing into the app; never answered again.'),
  otpauthUri: z.string().describe('The otpauth:// URI the QR code holds.'),
  qrCodeDataUrl: z.string().describe('The QR code as an SVG data: URL.'),
});
const CodesAnswer = z.object({ message: z.string(), recoveryCodes: z.array(z.string()).describe('Shown this once; each signs in once.') });

export function twoFactorRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.post('/login/two-factor', doc({
    access: 'public',
    tokenScopes: 'session-only',
    summary: "The login's second step when two-factor sign-in is on: a code starts the session",
    description: 'Attempts are limited like password logins. An authenticator code works once; a recovery code once ever.',
    body: CompleteBody,
    example: { challenge: 'eyJhbGciOiJIUzI1NiJ9...', code: '123456' },
    answers: { 200: UserAnswer.extend({ message: z.string(), user: UserAnswer }) },
    errors: [401, 429],
  }), async (c) => {
    const input = strings(await readBody(c, CompleteBody), ['challenge', 'code']);
    const result = await runOperation(yoga, c, clientIp(c), COMPLETE, { input });
    return respondWithResult(c, result, 'completeTwoFactorLogin', (data) => json(c, { message: data.message, ...restUser(data.user), user: restUser(data.user) }));
  });

  r.get('/two-factor', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: "The signed-in user's two-factor sign-in: on or off, recovery codes left",
    answers: { 200: StatusAnswer },
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), STATUS);
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    return json(c, result.data!.viewerTwoFactor);
  });

  r.post('/two-factor/enrolment', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: 'Start enrolment in two-factor sign-in: a new secret with its QR code, in force once confirmed',
    answers: { 200: EnrolmentAnswer },
    errors: [409],
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), START);
    return respondWithResult(c, result, 'startTwoFactorEnrolment', (data) => json(c, data));
  });

  r.post('/two-factor/enrolment/confirm', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: 'Turn two-factor sign-in on with a current code and the password; the recovery codes are answered once',
    body: CodeAndPasswordBody,
    example: { code: '123456', password: 'Str0ng#Pass' },
    answers: { 200: CodesAnswer },
    errors: [409, 429],
  }), async (c) => {
    const input = strings(await readBody(c, CodeAndPasswordBody), ['code', 'password']);
    const result = await runOperation(yoga, c, clientIp(c), CONFIRM, { input });
    return respondWithResult(c, result, 'confirmTwoFactorEnrolment', (data) => json(c, data));
  });

  r.post('/two-factor/disable', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: 'Turn two-factor sign-in off (the password and a code, or a recovery code)',
    body: CodeAndPasswordBody,
    example: { code: '123456', password: 'Str0ng#Pass' },
    answers: { 200: MessageAnswer },
    errors: [409, 429],
  }), async (c) => {
    const input = strings(await readBody(c, CodeAndPasswordBody), ['code', 'password']);
    const result = await runOperation(yoga, c, clientIp(c), DISABLE, { input });
    return respondWithResult(c, result, 'disableTwoFactor', (data) => json(c, data));
  });

  r.post('/two-factor/recovery-codes', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: 'New recovery codes (the password required); the earlier ones stop working',
    body: PasswordBody,
    example: { password: 'Str0ng#Pass' },
    answers: { 200: CodesAnswer },
    errors: [409, 429],
  }), async (c) => {
    const input = strings(await readBody(c, PasswordBody), ['password']);
    const result = await runOperation(yoga, c, clientIp(c), REGENERATE, { input });
    return respondWithResult(c, result, 'regenerateRecoveryCodes', (data) => json(c, data));
  });

  return r;
}
