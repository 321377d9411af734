// What every answer of the fuzz must be (docs/decisions.md "One error language"): never a 5xx nor
// an internal error in disguise, never a quoted internal error; a REST refusal is
// { code, message, requestId } with its code's status (api/rest/statuses.ts) and the request id of
// its answer, a 401 names its challenge; a GraphQL error type carries codes of the schema's enums.
import { ERROR_CODES, ERROR_REASONS } from '../../api/domain/errors.ts';
import { STATUS_OF_CODE } from '../../api/rest/statuses.ts';

const KINDS = new Set<string>(ERROR_CODES);
const REASONS = new Set<string>(ERROR_REASONS);

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** Why the answer is wrong, or null. */
export function faultOf(path: string, answer: Answer): string | null {
  const { status, text } = answer;
  if (status >= 500) return `a ${status}`;
  if (text.includes('INTERNAL_SERVER_ERROR') || text.includes('Internal server error')) return 'an internal error in disguise';
  if (text.includes('"originalError"')) return 'quotes an internal error (originalError)';
  if (path.startsWith('/api/') && status >= 400) return restErrorFault(answer);
  if (path.startsWith('/graphql')) return graphqlFault(text);
  return null;
}

function restErrorFault({ status, headers, text }: Answer): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'a REST error that is not JSON';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'a REST error that is not a JSON object';
  const { code, message, requestId } = body as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string' || typeof requestId !== 'string') return 'a REST error without code, message and requestId';
  if (!Object.hasOwn(STATUS_OF_CODE, code)) return `a REST error with the unknown code ${code}`;
  if (STATUS_OF_CODE[code as keyof typeof STATUS_OF_CODE] !== status) return `code ${code} answered with ${status}, not its status`;
  if (requestId !== headers.get('x-request-id')) return 'a requestId other than the answer\'s X-Request-Id';
  if (status === 401 && !headers.get('www-authenticate')) return 'a 401 without WWW-Authenticate';
  return null;
}

/** Error types in `data` (a mutation's union member, selected with its leaves) carry enum codes. */
function graphqlFault(text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null; // a batch or a refusal before GraphQL: judged by status alone
  }
  for (const result of Array.isArray(body) ? body : [body]) {
    for (const value of Object.values((result as { data?: Record<string, unknown> } | null)?.data ?? {})) {
      const member = value as { __typename?: unknown; code?: unknown; reason?: unknown } | null;
      if (!member || typeof member.__typename !== 'string' || !('code' in member)) continue;
      if (!KINDS.has(String(member.code))) return `${member.__typename} with the code ${String(member.code)}, not an ErrorCode`;
      if ('reason' in member && !REASONS.has(String(member.reason))) return `${member.__typename} with the reason ${String(member.reason)}, not an ErrorReason`;
    }
  }
  return null;
}
