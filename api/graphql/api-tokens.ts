import { builder } from './builder.ts';
import type { Context } from '../context.ts';
import type { User } from '../db/generated/prisma/client.ts';
import { isSelf } from '../domain/policies.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, ValidationError } from '../domain/errors.ts';
import { SCOPE_MEANINGS, SCOPES, TOKEN_DEFAULT_DAYS, TOKEN_MAX_DAYS } from '../domain/tokens/tokens.rules.ts';
import { createApiToken, listApiTokens, revokeApiToken, type ApiTokenView } from '../domain/tokens/tokens.service.ts';

// Personal API tokens (docs/decisions.md "Issue 27: API tokens"): the viewer's list, create (the
// secret answered once) and revoke. Every field here is session-only for tokens
// (api/graphql/token-scopes.ts): a token never lists, mints or revokes tokens.

export const ApiTokenScopeEnum = builder.enumType('ApiTokenScope', {
  description: 'What a personal API token may do.',
  values: Object.fromEntries(
    SCOPES.map((s) => [s.replace(':', '_').toUpperCase(), { value: s, description: SCOPE_MEANINGS[s] }]),
  ) as Record<string, { value: (typeof SCOPES)[number]; description: string }>,
});

const ApiTokenType = builder.objectRef<ApiTokenView>('ApiToken').implement({
  description: 'A personal API token as its owner sees it: never its secret.',
  fields: (t) => ({
    tokenId: t.exposeString('id', { description: 'The plain id `revokeApiToken` and DELETE /api/tokens/{id} take.' }),
    name: t.exposeString('name'),
    scopes: t.field({ type: [ApiTokenScopeEnum], resolve: (tk) => tk.scopes.filter((s): s is (typeof SCOPES)[number] => (SCOPES as string[]).includes(s)) }),
    prefix: t.exposeString('prefix', { description: 'The first characters of the secret, to recognise it.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true, description: 'Its last use, to within a few minutes.' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const CreatedApiTokenType = builder.objectRef<ApiTokenView & { token: string }>('CreatedApiToken').implement({
  description: 'A token just created: the secret is answered this once and never again.',
  fields: (t) => ({
    apiToken: t.field({ type: ApiTokenType, resolve: (tk) => tk }),
    token: t.exposeString('token', { description: 'The secret to send as `Authorization: Bearer <token>`. Store it now.' }),
  }),
});

const selfOnly = { authScopes: (user: User, _args: unknown, ctx: Context) => isSelf(ctx.viewer, user.id), unauthorizedResolver: () => null } as const;

builder.prismaObjectFields('User', (t) => ({
  apiTokens: t.field({
    type: [ApiTokenType],
    nullable: true,
    ...selfOnly,
    description: 'The viewer’s personal API tokens, newest first (revoked and expired ones too); null for anyone else.',
    resolve: (user, _args, ctx) => listApiTokens(ctx.db, user.id),
  }),
}));

const CreateApiTokenInput = builder.inputType('CreateApiTokenInput', {
  fields: (t) => ({
    name: t.string({ required: true, description: 'What the token is for (at most 80 characters).' }),
    scopes: t.field({ type: [ApiTokenScopeEnum], required: true, description: 'At least one; `admin` for administrators only.' }),
    expiresInDays: t.int({ required: false, description: `Days until it expires: 1 to ${TOKEN_MAX_DAYS}, ${TOKEN_DEFAULT_DAYS} when omitted.` }),
  }),
});

builder.mutationFields((t) => ({
  createApiToken: t.field({
    type: CreatedApiTokenType,
    errors: { types: [AuthenticationError, PermissionError, ValidationError, ConflictError] },
    authScopes: { loggedIn: true },
    description: 'Creates a personal API token and answers its secret once. The owner is told by mail.',
    args: { input: t.arg({ type: CreateApiTokenInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      createApiToken({ db: ctx.db, jobs: ctx.services.jobs, events: ctx.services.events }, ctx.viewer!, {
        name: input.name,
        scopes: input.scopes,
        expiresInDays: input.expiresInDays,
      }),
  }),
  revokeApiToken: t.field({
    type: ApiTokenType,
    errors: { types: [AuthenticationError, NotFoundError] },
    authScopes: { loggedIn: true },
    description: 'Revokes one of the viewer’s tokens at once; calls with it then answer 401.',
    args: { tokenId: t.arg.string({ required: true }) },
    resolve: (_root, { tokenId }, ctx) => revokeApiToken(ctx.db, ctx.viewer!.id, tokenId),
  }),
}));
