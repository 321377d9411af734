import { builder } from './builder.ts';
import { endSession as endOwnCookieSession } from '../context.ts';
import { changePassword, endOtherSessions, endOwnSession, listOwnSessions, type SessionView } from '../domain/accounts/security.service.ts';
import { AuthenticationError, NotFoundError, RateLimitedError, ValidationError } from '../domain/errors.ts';

// The profile's Security section: the viewer's login sessions and the password change.
// Resolvers map and delegate; who may end which session is decided in domain/accounts.

const LoginSessionType = builder.objectRef<SessionView>('LoginSession').implement({
  description: 'A browser or client signed in to the viewer’s account.',
  fields: (t) => ({
    sessionId: t.exposeString('id', { description: 'The plain id `endSession` and the REST paths take.' }),
    device: t.exposeString('device', { description: 'Browser and system, read from its User-Agent ("Chrome on macOS"); approximate.' }),
    ip: t.exposeString('ip', { nullable: true, description: 'The client address it logged in from.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it logged in.' }),
    lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime', description: 'Its last request, to the minute or so.' }),
    current: t.exposeBoolean('current', { description: 'The session making this request (this browser).' }),
  }),
});

const SecurityMessagePayload = builder.objectRef<{ message: string }>('SecurityMessagePayload').implement({
  fields: (t) => ({ message: t.exposeString('message') }),
});

const ChangePasswordInput = builder.inputType('ChangePasswordInput', {
  fields: (t) => ({
    currentPassword: t.string({ required: true }),
    newPassword: t.string({ required: true }),
    confirmPassword: t.string({ required: true }),
  }),
});

builder.queryField('viewerSessions', (t) =>
  t.field({
    type: [LoginSessionType],
    authScopes: { loggedIn: true },
    description: 'The viewer’s live login sessions, the most recently used first.',
    resolve: (_root, _args, ctx) => listOwnSessions(ctx.accounts, ctx.viewer, ctx.sessionId),
  }),
);

builder.mutationFields((t) => ({
  endSession: t.field({
    type: SecurityMessagePayload,
    errors: { types: [AuthenticationError, NotFoundError] },
    description: 'Signs out one of the viewer’s sessions. Ending the current one is a logout (its cookie is cleared).',
    args: { sessionId: t.arg.string({ required: true }) },
    resolve: async (_root, { sessionId }, ctx) => {
      const current = sessionId === ctx.sessionId;
      const result = await endOwnSession(ctx.accounts, ctx.viewer, sessionId);
      if (current) await endOwnCookieSession(ctx);
      return result;
    },
  }),
  endOtherSessions: t.field({
    type: SecurityMessagePayload,
    errors: { types: [AuthenticationError] },
    description: 'Signs out every session of the viewer except this one.',
    resolve: (_root, _args, ctx) => endOtherSessions(ctx.accounts, ctx.viewer, ctx.sessionId),
  }),
  changePassword: t.field({
    type: SecurityMessagePayload,
    errors: { types: [AuthenticationError, ValidationError, RateLimitedError] },
    description: 'Changes the viewer’s password (the current one required); every other session is signed out.',
    args: { input: t.arg({ type: ChangePasswordInput, required: true }) },
    resolve: (_root, { input }, ctx) => changePassword(ctx.accounts, ctx.viewer, ctx.sessionId, input),
  }),
}));
