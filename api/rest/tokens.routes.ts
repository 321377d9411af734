import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { json, operation, respondWithGraphQLErrors, respondWithResult, runOperation, type ClientIp, type MutationResult } from './execute.ts';
import { documentedAs, readBody } from './openapi/describe.ts';
import { jsonError } from './respond.ts';
import { SCOPE_MEANINGS, SCOPES, TOKEN_DEFAULT_DAYS, TOKEN_MAX_DAYS } from '../domain/tokens/tokens.rules.ts';

// REST for personal API tokens (docs/decisions.md "Issue 27: API tokens"): the same GraphQL fields
// the Developers tab uses (api/graphql/api-tokens.ts). Session-only: a token calling these is 403.

const ERROR_FIELDS = `__typename ... on Error { message code reason ... on ValidationError { fieldErrors { field message } } }`;
const TOKEN_FIELDS = 'tokenId name scopes prefix expiresAt lastUsedAt revokedAt createdAt';

interface TokenNode {
  tokenId: string;
  name: string;
  scopes: string[];
  prefix: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

const LIST = operation<{ viewer: { apiTokens: TokenNode[] | null } | null }>(`query RestApiTokens { viewer { apiTokens { ${TOKEN_FIELDS} } } }`);
const CREATE = operation<MutationResult<'createApiToken', { apiToken: TokenNode; token: string }>>(`mutation RestCreateApiToken($input: CreateApiTokenInput!) {
  createApiToken(input: $input) { ${ERROR_FIELDS} ... on MutationCreateApiTokenSuccess { data { token apiToken { ${TOKEN_FIELDS} } } } } }`);
const REVOKE = operation<MutationResult<'revokeApiToken', TokenNode>>(`mutation RestRevokeApiToken($tokenId: String!) {
  revokeApiToken(tokenId: $tokenId) { ${ERROR_FIELDS} ... on MutationRevokeApiTokenSuccess { data { ${TOKEN_FIELDS} } } } }`);

const scopeList = SCOPES.map((s) => `\`${s}\` (${SCOPE_MEANINGS[s]})`).join('; ');
const Scope = z.enum(SCOPES).describe(`What the token may do: ${scopeList}.`);
const iso = (what: string) => z.string().describe(`${what} (ISO 8601).`);

const TokenAnswer = z
  .object({
    id: z.string().describe('The plain id DELETE /api/tokens/{id} takes.'),
    name: z.string(),
    scopes: z.array(Scope),
    prefix: z.string().describe('The first characters of the secret (e.g. `dpt_AbCdEfGh`), to recognise it.'),
    expiresAt: iso('When it stops working'),
    lastUsedAt: iso('Its last use, to within a few minutes').nullable(),
    revokedAt: iso('When it was revoked').nullable(),
    createdAt: iso('When it was created'),
  })
  .meta({ id: 'ApiToken' });

const CreatedTokenAnswer = TokenAnswer.extend({
  token: z.string().describe('The secret: send it as `Authorization: Bearer <token>`. Answered this once, never again.'),
}).meta({ id: 'CreatedApiToken' });

const CreateTokenBody = z.object({
  name: z.string().describe('What the token is for (1 to 80 characters).'),
  scopes: z.array(Scope).describe('At least one scope; `admin` for administrators only.'),
  expiresInDays: z.number().int().optional().describe(`Days until it expires: 1 to ${TOKEN_MAX_DAYS} (default ${TOKEN_DEFAULT_DAYS}).`),
});

// GraphQL names the scopes as enum values (MARKET_READ); REST and the tokens themselves say market:read.
const enumOf = (scope: string) => scope.replace(':', '_').toUpperCase();
const scopeOf = (value: string) => SCOPES.find((s) => enumOf(s) === value) ?? value;
const shape = ({ tokenId, scopes, ...rest }: TokenNode) => ({ id: tokenId, ...rest, scopes: scopes.map(scopeOf) });
const doc = documentedAs('Accounts');
const SESSION_ONLY_NOTE = 'Needs a signed-in session: an API token calling this is answered 403 (`SESSION_REQUIRED`).';

export function tokenRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.get('/tokens', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: "The signed-in user's personal API tokens, newest first (never their secrets)",
    description: SESSION_ONLY_NOTE,
    answers: { 200: z.array(TokenAnswer) },
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), LIST);
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const tokens = result.data?.viewer?.apiTokens;
    if (!tokens) return jsonError(c, 'LOGIN_REQUIRED', 'Authentication required');
    return json(c, tokens.map(shape));
  });

  r.post('/tokens', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: 'Create a personal API token: its secret is answered this once',
    description: `${SESSION_ONLY_NOTE} At most 50 live tokens per user (409 \`TOKEN_LIMIT_REACHED\`); the scope \`admin\` asked by anyone but an administrator is 403 (\`ADMIN_SCOPE_REFUSED\`). The owner is told by mail.`,
    body: CreateTokenBody,
    example: { name: 'Nightly import', scopes: ['market:read', 'data:read'], expiresInDays: 90 },
    answers: { 201: CreatedTokenAnswer },
    errors: [403, 409],
  }), async (c) => {
    const input = await readBody(c, CreateTokenBody);
    const result = await runOperation(yoga, c, clientIp(c), CREATE, { input: { name: input.name, scopes: input.scopes.map(enumOf), expiresInDays: input.expiresInDays ?? null } });
    return respondWithResult(c, result, 'createApiToken', (data) => {
      // The secret is shown once: no cache keeps it, nor the Idempotency-Key store (api/rest/idempotency.ts).
      c.header('cache-control', 'no-store');
      return json(c, { ...shape(data.apiToken), token: data.token }, 201);
    });
  });

  r.delete('/tokens/:id', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: 'Revoke one of your tokens at once: calls with it then answer 401',
    description: `${SESSION_ONLY_NOTE} Revoking a revoked token answers it again; someone else's token is 404.`,
    answers: { 200: TokenAnswer },
    errors: [403, 404],
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), REVOKE, { tokenId: c.req.param('id') });
    return respondWithResult(c, result, 'revokeApiToken', (data) => json(c, shape(data)));
  });

  return r;
}
