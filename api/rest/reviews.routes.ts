import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../graphql/yoga.ts';
import { json, operation, respondWithResult, runOperation, type ClientIp } from './execute.ts';
import { MAX_RATING, MIN_RATING } from '../domain/reviews/reviews.rules.ts';
import { RATING_MESSAGE } from '../domain/reviews/reviews.schemas.ts';
import { z } from 'zod';
import { body, documentedAs, field, readBody } from './openapi/describe.ts';
import { ReviewAnswer } from './openapi/shapes.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Reviews');

// The schema's Int would refuse 4.5 or "4" with a type error; say what a rating is instead.
const ReviewBody = body({
  purchaseId: field.optional(),
  rating: z.number({ error: RATING_MESSAGE }).int(RATING_MESSAGE).min(MIN_RATING, RATING_MESSAGE).max(MAX_RATING, RATING_MESSAGE),
  comment: z.string({ error: 'Review text must be text' }).nullish(),
  text: z.string({ error: 'Review text must be text' }).nullish().describe('Another name for comment.'),
});

// POST /api/reviews { purchaseId, rating, comment | text }: the buyer reviews the provider of a
// purchase whose payment was released (201 with the review); 400 bad rating or text, 401 logged
// out, 404 not the caller's purchase, 409 not released yet or already reviewed.

interface ReviewNode {
  reviewId: string;
  rating: number;
  text: string | null;
  createdAt: string;
  contractId: string;
  reviewer: { userId: string; name: string };
  provider: { userId: string; name: string };
}

const REVIEW_PROVIDER = operation<{ reviewProvider: { __typename: string; data?: ReviewNode } }>(`mutation RestReviewProvider($input: ReviewProviderInput!) {
  reviewProvider(input: $input) { __typename ... on Error { message code reason ... on ValidationError { fieldErrors { field message } } }
    ... on MutationReviewProviderSuccess { data { reviewId rating text createdAt contractId reviewer { userId name } provider { userId name } } } } }`);


export function reviewRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.post('/reviews', doc({
    access: 'signed-in',
    tokenScopes: ['trade'],
    summary: 'Review the provider of a purchase (after release)',
    body: ReviewBody,
    example: { purchaseId: '0196c4a0-0000-7000-8000-000000000002', rating: 5, comment: 'Clean, complete and on time.' },
    answers: { 201: ReviewAnswer },
    errors: [403, 404, 409],
  }), async (c) => {
    const body = await readBody(c, ReviewBody);
    const purchaseId = body.purchaseId === undefined ? '' : String(body.purchaseId);
    const { rating } = body;
    const text = body.comment ?? body.text ?? null;
    const result = await runOperation(yoga, c, clientIp(c), REVIEW_PROVIDER, { input: { purchaseId, rating, text } });
    return respondWithResult(c, result, 'reviewProvider', (data: ReviewNode) =>
      json(
        c,
        {
          id: data.reviewId,
          purchaseId,
          contractId: data.contractId,
          providerId: data.provider.userId,
          reviewerId: data.reviewer.userId,
          reviewerName: data.reviewer.name,
          rating: data.rating,
          comment: data.text,
          text: data.text,
          createdAt: data.createdAt,
        },
        201,
      ),
    );
  });

  return r;
}
