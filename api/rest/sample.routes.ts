import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { operation, respondWithGraphQLErrors, runOperation, type ClientIp } from './execute.ts';
import { documentedAs, queryOf } from './openapi/describe.ts';
import { jsonError } from './respond.ts';
import { attachmentDisposition } from './file-answer.ts';
import { sampleCsv, sampleFileName, sampleRowsOf } from '../domain/listings/field-dictionary.ts';

// A listing's sample rows as a file, free and before paying (docs/decisions.md "Issue 26: before
// paying"): the rows the contract page shows, as CSV or JSON, never the data file. Read through the
// same GraphQL query as the page, so who sees which listing is decided once (Query.contract).

const doc = documentedAs('Contracts');

const SAMPLE = operation<{ contract: { title: string; sampleData: unknown; fieldDictionary: { name: string }[] } | null }>(
  `query RestContractSample($id: ID!) { contract(id: $id) { title sampleData fieldDictionary { name } } }`,
);

const SampleQuery = z.object({
  format: z.enum(['csv', 'json'], { error: 'format must be csv or json' }).describe('csv (a header row, then one record a row) or json (an array of row objects).'),
});

export function sampleRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.get('/contracts/:id/sample', doc({
    access: 'public',
    tokenScopes: ['market:read'],
    summary: "A listing's sample rows as a file (CSV or JSON): free, before paying; never the data file",
    description: 'The sample rows the contract page shows, columns in the field dictionary’s order. An attachment named after the listing (`<title>-sample.csv`). Listings not visible on the market are not found (their provider and administrators excepted).',
    answers: {
      200: {
        description: 'The sample',
        content: {
          'text/csv': { schema: { type: 'string', description: 'RFC 4180: a header row, CRLF line ends, quoted where needed' } },
          'application/json': { schema: { type: 'array', items: { type: 'object', additionalProperties: true } } },
        },
      },
    },
    errors: [404],
  }), queryOf(SampleQuery), async (c) => {
    const { format } = c.req.valid('query');
    const result = await runOperation(yoga, c, clientIp(c), SAMPLE, { id: c.req.param('id') });
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const contract = result.data?.contract;
    if (!contract) return jsonError(c, 'NOT_FOUND', 'Contract not found');
    const rows = sampleRowsOf(contract.sampleData);
    const body = format === 'csv' ? sampleCsv(rows, contract.fieldDictionary.map((f) => f.name)) : `${JSON.stringify(rows, null, 2)}\n`;
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        'content-disposition': attachmentDisposition(sampleFileName(contract.title, format)),
        'x-content-type-options': 'nosniff',
        // The sample changes when the provider edits the listing: revalidate, never keep it long.
        'cache-control': 'no-cache',
      },
    });
  });

  return r;
}
