import { builder } from './builder.ts';
import { UserType } from './user.ts';
import type { Context } from '../context.ts';
import { startSession } from '../context.ts';
import type { User } from '../db/generated/prisma/client.ts';
import { afterPassword, completeTwoFactorLogin } from '../domain/accounts/two-factor-login.service.ts';
import {
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorEnrolment,
  twoFactorStatus,
  type TwoFactorDeps,
} from '../domain/accounts/two-factor.service.ts';
import { CHALLENGE_TTL_SECONDS } from '../domain/accounts/two-factor-challenge.ts';
import { AuthenticationError, ConflictError, RateLimitedError, ValidationError } from '../domain/errors.ts';

// Two-factor sign-in (issue 25): the Security section's enrolment, recovery codes and turning it
// off, and the login's second step. Resolvers map and delegate; the rules live in domain/accounts
// (docs/decisions.md "Issue 25: two-factor sign-in").

export function twoFactorDeps(ctx: Context): TwoFactorDeps {
  const { sessionSecret, requireAdminTwoFactor } = ctx.services.config;
  return { ...ctx.accounts, serverSecret: sessionSecret, requireAdminTwoFactor };
}

/** What a login answers: a session (cookie set), or a challenge for the second step. */
export interface LoginOutcome {
  message: string;
  user: User | null;
  twoFactorRequired: boolean;
  challenge: string | null;
  twoFactorEnrolmentRequired: boolean;
}

/** After a right password: the session, unless two-factor sign-in is on (then a challenge, no session). */
export async function signInOrChallenge(ctx: Context, user: User, via: 'user' | 'admin', welcome: string): Promise<LoginOutcome> {
  const outcome = await afterPassword(twoFactorDeps(ctx), user, via);
  if (outcome.kind === 'challenge') {
    return { message: 'Enter the code from your authenticator app', user: null, twoFactorRequired: true, challenge: outcome.challenge, twoFactorEnrolmentRequired: false };
  }
  await startSession(ctx, user);
  return { message: welcome, user, twoFactorRequired: false, challenge: null, twoFactorEnrolmentRequired: outcome.mustEnrol };
}

export const SessionPayload = builder.objectRef<LoginOutcome>('SessionPayload').implement({
  description: 'A login: the session cookie is set on the response, unless `twoFactorRequired` (then no session yet).',
  fields: (t) => ({
    message: t.exposeString('message'),
    user: t.field({ type: UserType, nullable: true, description: 'The signed-in user; null while a two-factor code is still asked.', resolve: (p) => p.user }),
    twoFactorRequired: t.exposeBoolean('twoFactorRequired', {
      description: 'Two-factor sign-in is on: no session yet; send `challenge` with a code to `completeTwoFactorLogin`.',
    }),
    challenge: t.exposeString('challenge', {
      nullable: true,
      description: `The signed second-step challenge, valid ${CHALLENGE_TTL_SECONDS / 60} minutes, bound to the account.`,
    }),
    twoFactorEnrolmentRequired: t.exposeBoolean('twoFactorEnrolmentRequired', {
      description: 'An administrator where two-factor sign-in is required, without it: the session may only enrol until it is on.',
    }),
  }),
});

const TwoFactorStatusType = builder.objectRef<Awaited<ReturnType<typeof twoFactorStatus>>>('TwoFactorStatus').implement({
  description: 'The viewer’s two-factor sign-in.',
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled'),
    enabledAt: t.expose('enabledAt', { type: 'DateTime', nullable: true }),
    recoveryCodesLeft: t.exposeInt('recoveryCodesLeft', { description: 'Recovery codes not used yet.' }),
    requiredForAccount: t.exposeBoolean('requiredForAccount', {
      description: 'An administrator who must turn it on before using administrator tools (REQUIRE_ADMIN_TWO_FACTOR).',
    }),
  }),
});

const TwoFactorEnrolmentType = builder
  .objectRef<{ secret: string; otpauthUri: string; qrCodeDataUrl: string }>('TwoFactorEnrolment')
  .implement({
    description: 'A started enrolment: add it to an authenticator app, then confirm with a code. The secret is never shown again.',
    fields: (t) => ({
      secret: t.exposeString('secret', { description: 'The shared secret in base32, for typing into the app.' }),
      otpauthUri: t.exposeString('otpauthUri', { description: 'The otpauth:// URI the QR code holds.' }),
      qrCodeDataUrl: t.exposeString('qrCodeDataUrl', { description: 'The QR code as an SVG data: URL.' }),
    }),
  });

const RecoveryCodesPayload = builder.objectRef<{ message: string; recoveryCodes: string[] }>('RecoveryCodesPayload').implement({
  description: 'Fresh recovery codes, shown this once; each signs in once.',
  fields: (t) => ({ message: t.exposeString('message'), recoveryCodes: t.exposeStringList('recoveryCodes') }),
});

const TwoFactorMessagePayload = builder.objectRef<{ message: string }>('TwoFactorMessagePayload').implement({
  fields: (t) => ({ message: t.exposeString('message') }),
});

const ConfirmTwoFactorInput = builder.inputType('ConfirmTwoFactorInput', {
  fields: (t) => ({ code: t.string({ required: true }), password: t.string({ required: true }) }),
});
const DisableTwoFactorInput = builder.inputType('DisableTwoFactorInput', {
  fields: (t) => ({ code: t.string({ required: true, description: 'A current authenticator code or an unused recovery code.' }), password: t.string({ required: true }) }),
});
const RegenerateRecoveryCodesInput = builder.inputType('RegenerateRecoveryCodesInput', {
  fields: (t) => ({ password: t.string({ required: true }) }),
});
const CompleteTwoFactorLoginInput = builder.inputType('CompleteTwoFactorLoginInput', {
  fields: (t) => ({
    challenge: t.string({ required: true, description: 'The `challenge` the password step answered.' }),
    code: t.string({ required: true, description: 'The 6-digit authenticator code, or a recovery code.' }),
  }),
});

builder.queryField('viewerTwoFactor', (t) =>
  t.field({
    type: TwoFactorStatusType,
    authScopes: { loggedIn: true },
    description: 'Whether the viewer’s two-factor sign-in is on, and how many recovery codes are left.',
    resolve: (_root, _args, ctx) => twoFactorStatus(twoFactorDeps(ctx), ctx.viewer),
  }),
);

builder.mutationFields((t) => ({
  startTwoFactorEnrolment: t.field({
    type: TwoFactorEnrolmentType,
    errors: { types: [AuthenticationError, ConflictError] },
    description: 'Starts (or starts over) enrolment in two-factor sign-in: a new secret, not in force until confirmed.',
    resolve: (_root, _args, ctx) => startTwoFactorEnrolment(twoFactorDeps(ctx), ctx.viewer),
  }),
  confirmTwoFactorEnrolment: t.field({
    type: RecoveryCodesPayload,
    errors: { types: [AuthenticationError, ValidationError, ConflictError, RateLimitedError] },
    description: 'Turns two-factor sign-in on with a current code and the password; answers the recovery codes once.',
    args: { input: t.arg({ type: ConfirmTwoFactorInput, required: true }) },
    resolve: (_root, { input }, ctx) => confirmTwoFactorEnrolment(twoFactorDeps(ctx), ctx.viewer, input),
  }),
  disableTwoFactor: t.field({
    type: TwoFactorMessagePayload,
    errors: { types: [AuthenticationError, ValidationError, ConflictError, RateLimitedError] },
    description: 'Turns two-factor sign-in off (the password and a code required).',
    args: { input: t.arg({ type: DisableTwoFactorInput, required: true }) },
    resolve: (_root, { input }, ctx) => disableTwoFactor(twoFactorDeps(ctx), ctx.viewer, input),
  }),
  regenerateRecoveryCodes: t.field({
    type: RecoveryCodesPayload,
    errors: { types: [AuthenticationError, ValidationError, ConflictError, RateLimitedError] },
    description: 'Replaces the recovery codes (the password required); the earlier ones stop working.',
    args: { input: t.arg({ type: RegenerateRecoveryCodesInput, required: true }) },
    resolve: (_root, { input }, ctx) => regenerateRecoveryCodes(twoFactorDeps(ctx), ctx.viewer, input),
  }),
  completeTwoFactorLogin: t.field({
    type: SessionPayload,
    errors: { types: [ValidationError, AuthenticationError, RateLimitedError] },
    description: 'The login’s second step: the challenge and a code (or a recovery code) start the session.',
    args: { input: t.arg({ type: CompleteTwoFactorLoginInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const user = await completeTwoFactorLogin(twoFactorDeps(ctx), input, ctx.clientIp);
      await startSession(ctx, user);
      return { message: `Welcome back, ${user.name}!`, user, twoFactorRequired: false, challenge: null, twoFactorEnrolmentRequired: false };
    },
  }),
}));
