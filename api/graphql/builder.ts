import SchemaBuilder from '@pothos/core';
import ErrorsPlugin from '@pothos/plugin-errors';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type PrismaTypes from '../db/generated/pothos-types.ts';
import { getDatamodel } from '../db/generated/pothos-types.ts';
import type { Context } from '../context.ts';
import { isObjectType, type GraphQLResolveInfo } from 'graphql';
import { isRecordId } from '../db/ids.ts';
import { TWO_FACTOR_ENROLMENT_REQUIRED_MESSAGE } from '../domain/accounts/two-factor.errors.ts';
import { AuthenticationError, PermissionError, ValidationError } from '../domain/errors.ts';
import { isAdmin, isApprovedProvider, isLoggedIn } from '../domain/policies.ts';

// Configuration only: each type and its fields live in a file of their own, one file per type.
export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: { loggedIn: boolean; admin: boolean; approvedProvider: boolean };
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    /** Money and other exact decimals travel as strings with two places ("199.00"). */
    Decimal: { Input: string; Output: string | { toFixed(dp: number): string } };
    ID: { Input: string; Output: string | number };
    JSON: { Input: unknown; Output: unknown };
  };
  DefaultFieldNullability: false;
}>({
  // Errors first so authorization failures on mutations come back as typed results; relay before
  // scope-auth so auth checks see decoded global ids.
  plugins: [ErrorsPlugin, RelayPlugin, ScopeAuthPlugin, PrismaPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authorizeOnSubscribe: true,
    // The rules themselves live in the domain (policies.ts), so services say the same.
    authScopes: (ctx) => ({
      loggedIn: isLoggedIn(ctx.viewer),
      admin: isAdmin(ctx.viewer),
      approvedProvider: isApprovedProvider(ctx.viewer),
    }),
    // Anonymous callers get UNAUTHENTICATED, logged-in callers without the right get FORBIDDEN; an
    // administrator who must enrol in two-factor sign-in first is told so (api/context.ts).
    unauthorizedError: (_parent, ctx) =>
      ctx.twoFactorEnrolmentRequired ? new PermissionError(TWO_FACTOR_ENROLMENT_REQUIRED_MESSAGE, 'TWO_FACTOR_ENROLMENT_REQUIRED') : ctx.viewer ? new PermissionError() : new AuthenticationError(),
  },
  // Each mutation names the error types it can raise (`errors: { types }`), and its result union
  // lists only those (docs/decisions.md "One error language"): none by default.
  errors: { defaultTypes: [] },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeQueryOptions: {
      nullable: true,
      // node(id:) answers null for an id that names nothing: a type that is not a Node, an id that
      // is not a record id (see api/db/ids.ts), or a record that does not exist. Malformed global
      // ids fail earlier, in the argument's parsing, as INVALID_INPUT (api/app.ts maskError).
      resolve: (_root, { id }, ctx, info, resolveNode) => visibleNode(id, ctx, info, async () => resolveNode(id)),
    },
    // nodes(ids:) is node(id:) for each id, in order (Relay's server specification): null where
    // node(id:) would be null, so a list never tells more than one id at a time would.
    nodesQueryOptions: {
      resolve: (_root, args, ctx, info, resolveNodes) => {
        if (args.ids.length > MAX_NODE_IDS) throw new ValidationError(`nodes takes at most ${MAX_NODE_IDS} ids`);
        const ids = args.ids;
        return Promise.all(
          ids.map((id) =>
            visibleNode(id, ctx, info, async () => {
              // The plugin's loader reads the field's own `ids` argument whatever it is passed: one
              // id at a time, so an unknown record is null here instead of failing the whole list.
              args.ids = [id];
              const [node] = await resolveNodes([id]);
              return node;
            }),
          ),
        );
      },
    },
  },
  prisma: {
    client: (ctx) => ctx.db,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: process.env.NODE_ENV === 'production' ? null : 'warn',
  },
});

/** Ids one nodes(ids:) call may ask: each is a lookup of its own. */
export const MAX_NODE_IDS = 100;

/**
 * The node a global id names, or null: null for a type that is not a Node, an id that is not a
 * record id, a record that does not exist, and a record the viewer may not see (its type's own
 * authScopes rule decides; FORBIDDEN would tell that it exists).
 */
async function visibleNode(id: { typename: string; id: string }, ctx: Context, info: GraphQLResolveInfo, load: () => Promise<unknown>): Promise<unknown> {
  const type = info.schema.getType(id.typename);
  if (!isObjectType(type) || !type.getInterfaces().some((i) => i.name === 'Node') || !isRecordId(id.id)) return null;
  let node: unknown;
  try {
    node = await load();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'P2025') return null;
    throw error;
  }
  const rule = builder.configStore.getTypeConfig(id.typename, 'Object').pothosOptions.authScopes as unknown;
  if (node && typeof rule === 'function' && (await rule(node, ctx)) === false) return null;
  return node;
}
