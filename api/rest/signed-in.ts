import type { Context as HonoContext } from 'hono';
import type { Yoga } from '../graphql/yoga.ts';
import { operation, runOperation, type ClientIp } from './execute.ts';
import { jsonError } from './respond.ts';
import type { Context } from '../context.ts';
import { isAdmin } from '../domain/policies.ts';
import { TWO_FACTOR_ENROLMENT_REQUIRED_MESSAGE } from '../domain/accounts/two-factor.errors.ts';

// Bodies of the spec name their buyer (`buyerId`); the buyer is always the session's user, and a
// body naming someone else is refused before anything runs.

const WHO = operation<{ viewer: { userId: string } | null }>(`query RestWho { viewer { userId } }`);

/** 401 when logged out, 403 when `claimed` names another user than the session's; null when it may go on. */
export async function refuseOtherBuyer(yoga: Yoga, c: Parameters<ClientIp>[0], clientIp: ClientIp, claimed: unknown): Promise<Response | null> {
  const me = await runOperation(yoga, c as HonoContext, clientIp(c), WHO);
  const userId = me.data?.viewer?.userId;
  if (!userId) return jsonError(c, 'LOGIN_REQUIRED', 'User not authenticated or contract not found');
  if (claimed !== undefined && claimed !== null && String(claimed) !== userId) return jsonError(c, 'NOT_OWNER', 'buyerId must be the logged-in user');
  return null;
}

/**
 * The REST paths only administrators call: 401 when logged out; 403 TWO_FACTOR_ENROLMENT_REQUIRED
 * for an administrator who must turn on two-factor first (as GraphQL's admin scope answers), 403
 * ADMIN_REQUIRED for anyone else; null when it may go on.
 */
export function refuseNonAdmin(c: HonoContext, ctx: Pick<Context, 'viewer' | 'twoFactorEnrolmentRequired'>, message = 'Admin access required') {
  if (!ctx.viewer) return jsonError(c, 'LOGIN_REQUIRED', 'Authentication required');
  if (ctx.twoFactorEnrolmentRequired) return jsonError(c, 'TWO_FACTOR_ENROLMENT_REQUIRED', TWO_FACTOR_ENROLMENT_REQUIRED_MESSAGE);
  if (!isAdmin(ctx.viewer)) return jsonError(c, 'ADMIN_REQUIRED', message);
  return null;
}
