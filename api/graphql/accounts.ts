import { builder } from './builder.ts';
import { UserType } from './user.ts';
import type { User } from '../db/generated/prisma/client.ts';
import {
  adminLogin,
  login,
  register,
  resendVerification,
  verifyEmail,
} from '../domain/accounts/accounts.service.ts';
import { requestPasswordReset, resetPassword } from '../domain/accounts/password-reset.service.ts';
import { endSession } from '../context.ts';
import { SessionPayload, signInOrChallenge } from './two-factor.ts';
import { publishedDemoAdmin } from '../domain/accounts/demo-admin.ts';
import { AuthenticationError, ConflictError, EmailNotVerifiedError, RateLimitedError, ValidationError } from '../domain/errors.ts';

// Registration, email verification, forgot password, login and logout (the specification).
// Resolvers map and delegate; every rule lives in domain/accounts.

const RegisterInput = builder.inputType('RegisterInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    email: t.string({ required: true }),
    username: t.string({ required: true }),
    password: t.string({ required: true }),
    confirmPassword: t.string({ required: true }),
  }),
});

const LoginInput = builder.inputType('LoginInput', {
  fields: (t) => ({
    usernameOrEmail: t.string({ required: true }),
    password: t.string({ required: true }),
  }),
});

const AdminLoginInput = builder.inputType('AdminLoginInput', {
  fields: (t) => ({ email: t.string({ required: true }), password: t.string({ required: true }) }),
});

const VerifyEmailInput = builder.inputType('VerifyEmailInput', {
  fields: (t) => ({ token: t.string({ required: true }), email: t.string() }),
});

const ResendVerificationInput = builder.inputType('ResendVerificationInput', {
  fields: (t) => ({ email: t.string({ required: true }) }),
});

const RequestPasswordResetInput = builder.inputType('RequestPasswordResetInput', {
  fields: (t) => ({ email: t.string({ required: true }) }),
});

const ResetPasswordInput = builder.inputType('ResetPasswordInput', {
  fields: (t) => ({
    token: t.string({ required: true }),
    password: t.string({ required: true }),
    confirmPassword: t.string({ required: true }),
  }),
});

const RegisterPayload = builder
  .objectRef<{ message: string; user: User }>('RegisterPayload')
  .implement({
    fields: (t) => ({
      message: t.exposeString('message'),
      email: t.string({ resolve: (p) => p.user.email }),
    }),
  });

const VerifyEmailPayload = builder.objectRef<{ message: string; user: User; alreadyVerified: boolean }>('VerifyEmailPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    email: t.string({ resolve: (p) => p.user.email }),
    alreadyVerified: t.exposeBoolean('alreadyVerified', {
      description: 'The link had been used and the email was verified before: nothing changed; the user can log in.',
    }),
  }),
});

export const MessagePayload = builder.objectRef<{ message: string }>('MessagePayload').implement({
  fields: (t) => ({ message: t.exposeString('message') }),
});

builder.mutationFields((t) => ({
  register: t.field({
    type: RegisterPayload,
    errors: { types: [ValidationError, ConflictError, RateLimitedError] },
    args: { input: t.arg({ type: RegisterInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      return register(ctx.accounts, input, ctx.appUrl, ctx.clientIp);
    },
  }),
  verifyEmail: t.field({
    type: VerifyEmailPayload,
    errors: { types: [ValidationError] },
    args: { input: t.arg({ type: VerifyEmailInput, required: true }) },
    resolve: (_root, { input }, ctx) => verifyEmail(ctx.accounts, input),
  }),
  resendVerification: t.field({
    type: MessagePayload,
    errors: { types: [ValidationError, RateLimitedError] },
    args: { input: t.arg({ type: ResendVerificationInput, required: true }) },
    resolve: (_root, { input }, ctx) => resendVerification(ctx.accounts, input, ctx.appUrl, ctx.clientIp),
  }),
  requestPasswordReset: t.field({
    type: MessagePayload,
    description: 'Mails a single-use link to reset the password; the answer is the same whether or not the account exists.',
    errors: { types: [ValidationError, RateLimitedError] },
    args: { input: t.arg({ type: RequestPasswordResetInput, required: true }) },
    resolve: (_root, { input }, ctx) => requestPasswordReset(ctx.accounts, input, ctx.appUrl, ctx.clientIp),
  }),
  resetPassword: t.field({
    type: MessagePayload,
    description: 'Sets a new password with the mailed token; every session of the account ends.',
    errors: { types: [ValidationError] },
    args: { input: t.arg({ type: ResetPasswordInput, required: true }) },
    resolve: (_root, { input }, ctx) => resetPassword(ctx.accounts, input),
  }),
  login: t.field({
    type: SessionPayload,
    errors: { types: [ValidationError, AuthenticationError, EmailNotVerifiedError, RateLimitedError] },
    args: { input: t.arg({ type: LoginInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const user = await login(ctx.accounts, input, ctx.clientIp);
      return signInOrChallenge(ctx, user, 'user', `Welcome back, ${user.name}!`);
    },
  }),
  adminLogin: t.field({
    type: SessionPayload,
    errors: { types: [ValidationError, AuthenticationError, RateLimitedError] },
    args: { input: t.arg({ type: AdminLoginInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const user = await adminLogin(ctx.accounts, input, ctx.clientIp);
      return signInOrChallenge(ctx, user, 'admin', `Welcome, ${user.name}`);
    },
  }),
  logout: t.field({
    type: MessagePayload,
    description: 'Ends the session on the server and clears the cookie. Safe to call when not logged in.',
    resolve: async (_root, _args, ctx) => {
      await endSession(ctx);
      return { message: 'Logged out' };
    },
  }),
}));

const DemoCredentials = builder.objectRef<{ email: string; password: string }>('DemoCredentials').implement({
  fields: (t) => ({ email: t.exposeString('email'), password: t.exposeString('password') }),
});

builder.queryField('demoAdminCredentials', (t) =>
  t.field({
    type: DemoCredentials,
    nullable: true,
    description: 'The demo administrator, shown on /admin-login while demo data is on; never in production.',
    resolve: (_root, _args, ctx) => publishedDemoAdmin(ctx.services.config),
  }),
);
