// The two bare baselines of `npm run bench`, each run as its own process by bench/run.ts:
//   node --import tsx bench/baselines.ts node-http <port>   a bare node:http route answering JSON
//   node --import tsx bench/baselines.ts yoga <port>        a bare GraphQL Yoga `{ hello }` (the project's graphql-yoga)
// Every case of the app is reported as a ratio to the bare Yoga of the same run (issue 11's table).
import http from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';

const BASELINES = ['node-http', 'yoga'];

function bareNodeHttp(): http.Server {
  const body = JSON.stringify({ status: 'ok' });
  return http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
}

function bareYoga(): http.Server {
  const yoga = createYoga({
    schema: createSchema({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } }),
    logging: false,
    graphiql: false,
  });
  return http.createServer(yoga);
}

const [kind, port] = process.argv.slice(2);
if (!BASELINES.includes(kind!) || !Number(port)) {
  console.error(`usage: baselines.ts ${BASELINES.join('|')} <port>`);
  process.exit(2);
}
const server = kind === 'yoga' ? bareYoga() : bareNodeHttp();
server.listen(Number(port), '127.0.0.1', () => console.log(`${kind} baseline listening on ${port}`));
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
