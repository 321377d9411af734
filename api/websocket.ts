import crypto from 'node:crypto';
import type { Server } from 'node:http';
import { GraphQLError } from 'graphql';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Yoga } from './app.ts';
import { persistedIdOf, persistedOperation } from './graphql/persisted-operations.ts';
import { originPolicy, type OriginPolicy } from './http/origin.ts';
import { requestScope } from './http/request-id.ts';

/**
 * graphql-ws on the GraphQL path of `server`. Operations run through Yoga's envelope, so they get
 * the same context (the session cookie of the upgrade request) and rules as HTTP.
 *
 * `origins` is the CORS policy of api/http/origin.ts: a browser always sends Origin with a
 * WebSocket upgrade and the socket carries the user's cookies, so another site's page must not get
 * one (no CORS protects WebSockets). Without an Origin the client is not a browser: allowed.
 * Without `origins`, only the site's own origin is.
 */
export function attachGraphQLWebSocket(server: Server, yoga: Yoga, origins: OriginPolicy = originPolicy([])) {
  const wss = new WebSocketServer({
    server,
    path: yoga.graphqlEndpoint,
    verifyClient: ({ req }, done) => {
      const origin = req.headers.origin;
      if (origin === undefined || origins.isAllowed(origin, req.headers.host)) return done(true);
      done(false, 403, 'Origin not allowed');
    },
  });
  useServer(
    {
      execute: (args: any) => requestScope.run(args.rootValue.scope, () => args.rootValue.execute(args)),
      subscribe: (args: any) => requestScope.run(args.rootValue.scope, () => args.rootValue.subscribe(args)),
      // A document that does not parse or breaks a rule (depth, aliases, tokens) answers this
      // operation with its errors. Thrown, it would close the socket (4500) and end every other
      // subscription of the client.
      onSubscribe: async (ctx, _id, params) => {
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
          return {
            schema,
            operationName: params.operationName,
            document,
            variableValues: params.variables,
            contextValue: await contextFactory(),
            rootValue: { execute, subscribe, scope },
          };
        });
      },
    },
    wss,
  );
  return {
    close() {
      for (const client of wss.clients) client.close(1001, 'server shutting down');
      wss.close();
    },
  };
}
