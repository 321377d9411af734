import { createHash } from 'node:crypto';
import type { Plugin } from 'graphql-yoga';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
// Written by the Relay compiler (relay.config.js persistConfig): every operation the web app sends,
// by the SHA-256 of its text. Bundled into the server at build time, so a release serves exactly
// the operations of its own web app.
import persistedQueries from '../../web/__generated__/persisted-queries.json' with { type: 'json' };

// The web app sends operation ids instead of their text (Relay's persisted queries): a request is
// a few hundred bytes instead of several kilobytes, and a known text is parsed and validated once.
// Integrators keep sending any query they like, under the same depth, alias and cost limits
// (docs/decisions.md "Persisted queries").

/** An operation's text by its id (`extensions.persistedQuery.sha256Hash`, as Apollo's APQ sends it too). */
export const PERSISTED_OPERATIONS: ReadonlyMap<string, string> = new Map(Object.entries(persistedQueries as Record<string, string>));

/** The id the web app sends for an operation's text. */
export const persistedOperationId = (text: string) => createHash('sha256').update(text).digest('hex');

/** The text of a persisted operation, or null for an id this release does not know. */
export function persistedOperation(id: string): string | null {
  return PERSISTED_OPERATIONS.get(id) ?? null;
}

/** The id a request names: `extensions.persistedQuery.sha256Hash` (version 1), or null. */
export function persistedIdOf(extensions: unknown): string | null {
  const pq = (extensions as { persistedQuery?: { version?: unknown; sha256Hash?: unknown } } | null | undefined)?.persistedQuery;
  return pq && pq.version === 1 && typeof pq.sha256Hash === 'string' ? pq.sha256Hash : null;
}

export function usePersistedWebOperations(): Plugin {
  return usePersistedOperations({
    getPersistedOperation: (id) => persistedOperation(id),
    allowArbitraryOperations: true,
    customErrors: {
      // A release that does not know the id (a page loaded before a deploy): reloading fetches the
      // new app, whose ids this server knows.
      notFound: { message: 'Unknown persisted query: reload the page', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', http: { status: 400 } } },
      keyNotFound: { message: 'Must provide a query string or a persisted query id', extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
    },
  });
}
