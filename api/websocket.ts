import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Yoga } from './app.ts';

/**
 * graphql-ws on the GraphQL path of `server`. Operations run through Yoga's envelope, so they get
 * the same context (the session cookie of the upgrade request) and rules as HTTP.
 */
export function attachGraphQLWebSocket(server: Server, yoga: Yoga) {
  const wss = new WebSocketServer({ server, path: yoga.graphqlEndpoint });
  useServer(
    {
      execute: (args: any) => args.rootValue.execute(args),
      subscribe: (args: any) => args.rootValue.subscribe(args),
      onSubscribe: async (ctx, _id, params) => {
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.socket,
          params,
        });
        const args = {
          schema,
          operationName: params.operationName,
          document: parse(params.query),
          variableValues: params.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe },
        };
        const errors = validate(args.schema, args.document);
        return errors.length ? errors : args;
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
