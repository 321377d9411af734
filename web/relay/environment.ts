import type { Client } from 'graphql-ws';
import {
  Environment,
  Network,
  Observable,
  RecordSource,
  Store,
  type FetchFunction,
  type GraphQLResponse,
  type RequestParameters,
  type SubscribeFunction,
} from 'relay-runtime';
import { handlerProvider } from './handlers.ts';

/** A failed GraphQL request: network down, an HTTP error, or a response without data. */
export class GraphQLRequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GraphQLRequestError';
  }
}

type WireResponse = { data?: unknown; errors?: { message: string }[] };

/**
 * How a request names its operation: by the id the Relay compiler gave it (persisted queries,
 * relay.config.js; the server keeps the texts: docs/decisions.md "Persisted queries"), or by its
 * text for an operation that has none.
 */
function operationRef(operation: RequestParameters): { query: string } | { extensions: { persistedQuery: { version: 1; sha256Hash: string } } } {
  if (operation.id) return { extensions: { persistedQuery: { version: 1, sha256Hash: operation.id } } };
  return { query: operation.text ?? '' };
}

// Queries and mutations go over HTTP POST; the session is an httpOnly cookie set by the server,
// so the client never sees a token and only has to send same-origin credentials.
const fetchGraphQL: FetchFunction = async (operation, variables) => {
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
    },
    body: JSON.stringify({ operationName: operation.name, ...operationRef(operation), variables }),
  });

  const text = await response.text();
  let json: WireResponse | null = null;
  try {
    json = text ? (JSON.parse(text) as WireResponse) : null;
  } catch {
    json = null;
  }

  // Throw, so the nearest error boundary shows the failure with a Retry button.
  if (!response.ok && (json == null || json.data == null)) {
    const detail = json?.errors?.[0]?.message ?? (text.trim() || response.statusText);
    throw new GraphQLRequestError(`${response.status}: ${detail}`, response.status);
  }
  if (json == null) throw new GraphQLRequestError(`${response.status}: the server sent no JSON`, response.status);
  if (json.data == null) {
    throw new GraphQLRequestError(json.errors?.map((e) => e.message).join('; ') || 'The server returned no data', response.status);
  }
  if (json.errors?.length && import.meta.env.DEV) {
    console.warn(`[relay] ${operation.name}: partial data`, json.errors);
  }
  return json as GraphQLResponse;
};

function websocketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/graphql`;
}

// Subscriptions go over graphql-ws on the same path; lazy: the socket opens with the first
// subscription and closes after the last one. The browser sends the session cookie (and the
// support-ticket grant cookie) with the upgrade, and the server reads them once per socket.
let openSocket: WebSocket | null = null;
let restartWhenOpen = false;
let restarting = false;

/**
 * The server closes a socket with 4403 "Session ended" when the session of its cookie ends
 * (logout in another tab or on another device, a new password, an administrator's reset:
 * docs/decisions.md "Subscriptions end with their session"). graphql-ws reconnects at once
 * (4403 is not fatal to it, and retryWait skips the backoff): the new socket runs without a live
 * session, so public subscriptions (the ticker) go on and private ones are refused, once each; it
 * is not closed again, so there is no reconnect loop with a dead cookie. The app is told, to show
 * the page as a visitor sees it (AppShell).
 */
const SESSION_ENDED_CLOSE = 4403;
const sessionEndedListeners = new Set<() => void>();

/** Calls `listener` each time the server ends the session of the live socket; answers how to stop. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** graphql-ws's own backoff (1 s doubling, plus 0.3-3 s of jitter); none after a restart of ours. */
async function retryWait(retries: number) {
  if (restarting) {
    restarting = false;
    return;
  }
  await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** retries + 300 + Math.random() * 2700));
}

// graphql-ws's code is loaded with the first subscription (the header's ticker subscribes right
// after the first render), not with the app: it is not on the way to the first paint.
let wsClient: Promise<Client> | null = null;
function liveClient(): Promise<Client> {
  wsClient ??= import('graphql-ws').then(({ createClient }) =>
    createClient({
      url: websocketUrl,
      lazy: true,
      retryAttempts: 5,
      retryWait,
      on: {
        opened: (socket) => {
          openSocket = socket as WebSocket;
          if (restartWhenOpen) restartSubscriptions();
        },
        closed: (event) => {
          openSocket = null;
          if ((event as CloseEvent | undefined)?.code === SESSION_ENDED_CLOSE) {
            restarting = true;
            for (const listener of sessionEndedListeners) listener();
          }
        },
      },
    }),
  );
  // a failed load (network down) is tried again by the next subscription
  wsClient.catch(() => (wsClient = null));
  return wsClient;
}

/**
 * Reconnects the socket so the server sees the cookies as they are now: after login, logout or
 * opening a support ticket (its grant cookie). Close code 4205 is not fatal to graphql-ws, so it
 * reconnects (at once: retryWait skips the backoff for it) and subscribes every live subscription again.
 */
export function restartSubscriptions() {
  if (openSocket?.readyState === WebSocket.OPEN) {
    restartWhenOpen = false;
    restarting = true;
    openSocket.close(4205, 'Client Restart');
  } else if (openSocket) {
    // still connecting: the upgrade may have left before the cookie changed
    restartWhenOpen = true;
  }
}

const subscribe: SubscribeFunction = (operation, variables) =>
  Observable.create((sink) => {
    let dispose: (() => void) | null = null;
    let disposed = false;
    liveClient().then(
      (client) => {
        if (disposed) return;
        dispose = client.subscribe(
          { operationName: operation.name, query: '', ...operationRef(operation), variables },
          {
            next: (value) => sink.next(value as GraphQLResponse),
            error: (error) =>
              sink.error(
                error instanceof Error
                  ? error
                  : new GraphQLRequestError(Array.isArray(error) ? error.map((e) => String(e.message)).join('; ') : 'Subscription closed'),
              ),
            complete: () => sink.complete(),
          },
        );
      },
      () => sink.error(new GraphQLRequestError('Live updates could not be loaded')),
    );
    return () => {
      disposed = true;
      dispose?.();
    };
  });

export function createEnvironment(): Environment {
  return new Environment({
    network: Network.create(fetchGraphQL, subscribe),
    handlerProvider,
    // keep the last 10 released queries, so going back to a screen renders from the store at once
    store: new Store(new RecordSource(), { gcReleaseBufferSize: 10 }),
  });
}

/** The app's one Relay environment. */
export const environment = createEnvironment();
