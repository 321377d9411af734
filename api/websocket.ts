import crypto from 'node:crypto';
import type { Server } from 'node:http';
import { GraphQLError } from 'graphql';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Yoga } from './graphql/yoga.ts';
import { createContext, requestInfoFromNode, withConnectionAuthorization, type AppServices, type Context } from './context.ts';
import { bearerOf } from './domain/tokens/tokens.rules.ts';
import { liveSessions, type LiveSessions } from './events/live-sessions.ts';
import { persistedIdOf, persistedOperation } from './graphql/persisted-operations.ts';
import { originPolicy, type OriginPolicy } from './http/origin.ts';
import { requestScope } from './http/request-id.ts';

/** What of the app the WebSocket endpoint needs (createApp's answer has it all). */
export interface WebSocketApp {
  yoga: Yoga;
  services: AppServices;
  /** Without it, only the site's own origin may open a socket. */
  origins?: OriginPolicy;
}

/**
 * graphql-ws on the GraphQL path of `server`. Operations run through Yoga's envelope, so they get
 * the same context (the session cookie of the upgrade request) and rules as HTTP.
 *
 * `origins` is the CORS policy of api/http/origin.ts: a browser always sends Origin with a
 * WebSocket upgrade and the socket carries the user's cookies, so another site's page must not get
 * one (no CORS protects WebSockets). Without an Origin the client is not a browser: allowed.
 *
 * Bounds (docs/decisions.md "Live connections: caps and shared payloads"): at most
 * WS_MAX_SOCKETS_PER_IP open sockets per client address on this instance (more are refused with
 * 429 at the upgrade) and WS_MAX_SUBSCRIPTIONS_PER_SOCKET operations at once per socket (more are
 * answered with a TOO_MANY_SUBSCRIPTIONS error; the socket and its other subscriptions go on).
 * A socket whose session ends is closed (api/events/live-sessions.ts).
 */
export function attachGraphQLWebSocket(server: Server, app: WebSocketApp) {
  const { yoga, services } = app;
  const origins = app.origins ?? originPolicy([]);
  const { subscriptionsPerSocket, socketsPerIp } = services.config.websocketLimits;
  const sessions = liveSessions({ events: services.events, sql: services.sql, logger: services.logger });
  const socketsOf = new Map<string, number>();

  const wss = new WebSocketServer({
    server,
    path: yoga.graphqlEndpoint,
    verifyClient: ({ req }, done) => {
      const origin = req.headers.origin;
      if (origin !== undefined && !origins.isAllowed(origin, req.headers.host)) return done(false, 403, 'Origin not allowed');
      // Counted by the address the limits of HTTP count by (TRUST_PROXY decides whether X-Forwarded-For counts).
      const address = requestInfoFromNode(req, services.config.trustProxy).clientIp;
      const open = socketsOf.get(address) ?? 0;
      if (open >= socketsPerIp) return done(false, 429, `Too many connections from this address (at most ${socketsPerIp} at once)`);
      socketsOf.set(address, open + 1);
      // The TCP socket closes whatever happens to the upgrade, so the count cannot leak.
      req.socket.once('close', () => {
        const left = (socketsOf.get(address) ?? 1) - 1;
        if (left > 0) socketsOf.set(address, left);
        else socketsOf.delete(address);
      });
      done(true);
    },
  });
  wss.on('connection', (socket) => socket.once('close', () => sessions.forget(socket)));

  useServer(
    {
      // A refused API token (upgrade header or connectionParams) closes the socket with 4401 before
      // any operation; a token revoked later is refused at its next operation (api/graphql/token-scopes.ts).
      onConnect: async (ctx) => {
        const info = withConnectionAuthorization(requestInfoFromNode(ctx.extra.request, services.config.trustProxy), ctx.connectionParams);
        if (bearerOf(info.headers.get('authorization')) === undefined) return true;
        const context = await createContext(services, info);
        if (context.tokenRejection === null) return true;
        ctx.extra.socket.close(4401, `Unauthorized: ${context.tokenRejection}`);
        return false;
      },
      execute: (args: any) => requestScope.run(args.rootValue.scope, () => args.rootValue.execute(args)),
      subscribe: (args: any) =>
        requestScope.run(args.rootValue.scope, async () => {
          const result = await args.rootValue.subscribe(args);
          const { sessionId } = args.contextValue as Context;
          return sessionId && isAsyncIterable(result) ? deliveredWhileLive(result, sessions, args.rootValue.socket, sessionId) : result;
        }),
      // A document that does not parse or breaks a rule (depth, aliases, tokens) answers this
      // operation with its errors. Thrown, it would close the socket (4500) and end every other
      // subscription of the client.
      onSubscribe: async (ctx, _id, params) => {
        // graphql-ws lists the operation before this hook runs: the count includes it. Refused
        // before its context is built (a query per operation), so a flood costs next to nothing.
        if (Object.keys(ctx.subscriptions).length > subscriptionsPerSocket) {
          return [
            new GraphQLError(`Too many operations on this connection: at most ${subscriptionsPerSocket} at once. End a subscription first.`, {
              extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' },
            }),
          ];
        }
        // Each operation logs with its own id (the socket lives far longer than one request).
        const scope = { requestId: crypto.randomUUID() };
        return requestScope.run(scope, async () => {
          const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
            ...ctx,
            req: ctx.extra.request,
            socket: ctx.extra.socket,
            params,
          });
          // The web app names its operations by id (api/graphql/persisted-operations.ts), as over HTTP.
          const persistedId = params.query ? null : persistedIdOf(params.extensions);
          const text = persistedId ? persistedOperation(persistedId) : params.query;
          if (text === null) return [new GraphQLError('Unknown persisted query: reload the page', { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } })];
          let document;
          try {
            document = parse(text);
            const errors = validate(schema, document);
            if (errors.length) return [...errors];
          } catch (error) {
            if (error instanceof GraphQLError) return [error];
            throw error;
          }
          const contextValue = (await contextFactory()) as Context;
          if (contextValue.sessionId && contextValue.viewer) sessions.track(ctx.extra.socket, { sessionId: contextValue.sessionId, userId: contextValue.viewer.id });
          return {
            schema,
            operationName: params.operationName,
            document,
            variableValues: params.variables,
            contextValue,
            rootValue: { execute, subscribe, scope, socket: ctx.extra.socket },
          };
        });
      },
    },
    wss,
  );
  return {
    close() {
      void sessions.close();
      for (const client of wss.clients) client.close(1001, 'server shutting down');
      wss.close();
    },
    /** This instance's sockets with a session (tests). */
    sessions: sessions as Pick<LiveSessions, 'size' | 'sweep'>,
  };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * The subscription's results, each only while the socket's session is live (checked before each
 * delivery; api/events/live-sessions.ts closes the socket when it is not, and a failed check drops
 * that one result). `return` goes straight to the source, so ending the subscription never waits
 * for its next event.
 */
function deliveredWhileLive<T>(source: AsyncIterable<T>, sessions: LiveSessions, socket: WebSocket, sessionId: string): AsyncIterableIterator<T> {
  const results = source[Symbol.asyncIterator]();
  const finish = async (value?: unknown): Promise<IteratorResult<T>> => {
    await results.return?.(value);
    return { done: true, value: undefined };
  };
  const guarded: AsyncIterableIterator<T> = {
    async next() {
      for (;;) {
        const result = await results.next();
        if (result.done) return result;
        const session = await sessions.check(socket, sessionId);
        if (session === 'live') return result;
        if (session === 'ended') return finish();
      }
    },
    return: finish,
    throw: async (error) => (results.throw ? results.throw(error) : Promise.reject(error)),
    [Symbol.asyncIterator]() {
      return guarded;
    },
  };
  return guarded;
}
