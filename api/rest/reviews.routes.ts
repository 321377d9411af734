import { Hono, type Context as HonoContext } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../app.ts';
import { json, operation, respondWithResult, runOperation } from './execute.ts';
import { jsonError, readJsonObject } from './respond.ts';
import { MAX_RATING, MIN_RATING } from '../domain/reviews/reviews.rules.ts';
import { RATING_MESSAGE } from '../domain/reviews/reviews.schemas.ts';

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
  reviewProvider(input: $input) { __typename ... on Error { message code reason } ... on ValidationError { fieldErrors { field message } }
    ... on MutationReviewProviderSuccess { data { reviewId rating text createdAt contractId reviewer { userId name } provider { userId name } } } } }`);

type ClientIp = (c: HonoContext<{ Bindings: HttpBindings }>) => string;

export function reviewRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.post('/reviews', async (c) => {
    const body = await readJsonObject(c);
    const purchaseId = typeof body.purchaseId === 'string' || typeof body.purchaseId === 'number' ? String(body.purchaseId) : '';
    // The schema's Int would refuse 4.5 or "4" with a type error; say what a rating is instead.
    const rating = body.rating;
    if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < MIN_RATING || rating > MAX_RATING) {
      return jsonError(c, 400, RATING_MESSAGE, { code: 'INVALID_INPUT' });
    }
    const text = body.comment ?? body.text ?? null;
    if (text !== null && typeof text !== 'string') return jsonError(c, 400, 'Review text must be text', { code: 'INVALID_INPUT' });
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
