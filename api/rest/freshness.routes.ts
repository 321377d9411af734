import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { json, operation, respondWithResult, runOperation, type ClientIp } from './execute.ts';
import { body, documentedAs, readBody } from './openapi/describe.ts';
import { ContractAnswer, Instant } from './openapi/shapes.ts';
import { CONTRACT_FIELDS, restContract, type ContractNode } from './contract-shape.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Listings');

// POST /api/contracts/{id}/updates { note }: the provider of a link listing confirms the data
// behind the link was updated (docs/decisions.md "Issue 26: the freshness promise"); 201 with the
// update and the listing as it now stands (no longer delayed).

const UpdateBody = body({ note: z.string({ error: 'Say what was updated' }).describe('What was updated, for the buyers (1 to 2,000 characters).') });

const UpdateAnswer = z
  .object({ version: z.string(), notes: z.string().nullable(), publishedAt: Instant, contract: ContractAnswer })
  .loose()
  .meta({ id: 'ListingUpdate', description: "A link listing's confirmed update: a release without a file." });

interface UpdateNode {
  version: string;
  notes: string | null;
  publishedAt: string;
  contract: ContractNode;
}

const CONFIRM = operation<{ confirmListingUpdate: { __typename: string; data?: UpdateNode } }>(`mutation RestConfirmListingUpdate($input: ConfirmListingUpdateInput!) {
  confirmListingUpdate(input: $input) { __typename ... on Error { message code reason ... on ValidationError { fieldErrors { field message } } }
    ... on MutationConfirmListingUpdateSuccess { data { version notes publishedAt contract { ${CONTRACT_FIELDS} } } } } }`);

export function freshnessRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.post('/contracts/:id/updates', doc({
    access: 'provider',
    tokenScopes: ['listings'],
    summary: "Confirm a link listing's update",
    description: "The listing's provider says the data behind the link was refreshed: it counts as a release for the listing's freshness promise (clears \"delayed\", starts the next wait). Link listings (`dataAccessType: external_link`) on sale only; a file listing publishes a release instead.",
    body: UpdateBody,
    example: { note: 'November figures added; two stations re-calibrated.' },
    answers: { 201: UpdateAnswer },
    errors: [404, 409],
  }), async (c) => {
    const { note } = await readBody(c, UpdateBody);
    const result = await runOperation(yoga, c, clientIp(c), CONFIRM, { input: { contractId: c.req.param('id'), note } });
    return respondWithResult(c, result, 'confirmListingUpdate', (data: UpdateNode) => json(c, { ...data, contract: restContract(data.contract) }, 201));
  });

  return r;
}
