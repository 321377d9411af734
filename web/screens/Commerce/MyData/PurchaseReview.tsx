import { useId, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { FieldError } from '../../../components/fieldStyles.ts';
import { Stars } from '../../../components/Stars.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { PurchaseReview_purchase$key } from '../../../__generated__/PurchaseReview_purchase.graphql.ts';
import { formatDate } from '../../../format/format.ts';
import { useReviewProviderMutation } from './ReviewProviderMutation.ts';
import { framedStack } from '../../shared/boxStyles.ts';
import { monoCaps } from '../../shared/figureText.ts';

const Box = styled.div`
  ${framedStack(8, '10px 12px')}
`;

const Form = styled(Box)`
  max-width: 720px;
`;

const Heading = styled.h4`
  ${monoCaps()}
`;

const StarGroup = styled.div`
  display: inline-flex;
  gap: 2px;
`;

const StarLabel = styled.label<{ $on: boolean }>`
  position: relative;
  display: inline-grid;
  place-items: center;
  width: 28px;
  height: 28px;
  cursor: pointer;
  color: ${({ theme, $on }) => ($on ? theme.colors.star : theme.colors.borderStrong)};

  input {
    position: absolute;
    inset: 0;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }
  input:focus-visible + svg {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
    border-radius: 2px;
  }
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  flex-wrap: wrap;
`;

const Quote = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.text};
  white-space: pre-wrap;
`;

const Meta = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

export type PurchaseReviewProps = {
  purchase: PurchaseReview_purchase$key;
  /** the provider's name (the card has it; a deeper selection here would pass the server's query depth limit) */
  providerName: string;
  /** names the form apart from the other purchases' forms */
  contractTitle: string;
};

/** After release: the form that rates the provider (1-5 stars, optional text); afterwards, the review. */
export function PurchaseReview({ purchase, providerName, contractTitle }: PurchaseReviewProps) {
  const p = useFragment(
    graphql`
      fragment PurchaseReview_purchase on Purchase {
        id
        purchaseId
        canReview
        review {
          rating
          text
          createdAt
        }
      }
    `,
    purchase,
  );
  const [commit, inFlight] = useReviewProviderMutation();
  const { toast } = useToast();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const legendId = useId();
  const name = useId();

  if (p.review) {
    return (
      <Box data-testid="purchase-review">
        <Heading>Your review of {providerName}</Heading>
        <Row>
          <Stars rating={p.review.rating} size={14} />
          <Meta>
            {p.review.rating}/5 · {formatDate(p.review.createdAt)}
          </Meta>
        </Row>
        {p.review.text && <Quote>{p.review.text}</Quote>}
      </Box>
    );
  }
  if (!p.canReview) return null;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (rating < 1) {
      setError('Choose from 1 to 5 stars.');
      return;
    }
    setError(null);
    commit({
      variables: { input: { purchaseId: p.purchaseId, rating, text: text.trim() || null } },
      // The review belongs to this purchase: show it there, and the form goes.
      updater: (store) => {
        const review = store.getRootField('reviewProvider')?.getLinkedRecord('data');
        const record = store.get(p.id);
        if (review && record) {
          record.setLinkedRecord(review, 'review');
          record.setValue(false, 'canReview');
        }
      },
      onCompleted: ({ reviewProvider: r }) => {
        if (r.__typename === 'MutationReviewProviderSuccess') {
          toast({ title: 'Review Submitted', description: `Thank you for rating ${providerName}.` });
          return;
        }
        if (r.__typename === '%other') return setError('Your review could not be saved.');
        const field = r.__typename === 'ValidationError' ? r.fieldErrors?.[0]?.message : null;
        setError(field || r.message || 'Your review could not be saved.');
      },
      onError: (err) => setError(err.message || 'Your review could not be saved.'),
    });
  }

  return (
    <Form as="form" aria-label={`Review ${providerName} for ${contractTitle}`} onSubmit={submit} noValidate data-testid="review-form">
      <Heading id={legendId}>Rate {providerName}</Heading>
      <StarGroup role="radiogroup" aria-labelledby={legendId} aria-required="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <StarLabel key={n} $on={n <= rating}>
            <input
              type="radio"
              name={name}
              value={n}
              checked={rating === n}
              onChange={() => setRating(n)}
              aria-label={n === 1 ? '1 star' : `${n} stars`}
            />
            <svg width={22} height={22} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <path d={STAR} />
            </svg>
          </StarLabel>
        ))}
      </StarGroup>
      <TextAreaField label="Review (optional)" rows={2} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
      {error && (
        <FieldError role="alert" data-testid="review-error">
          {error}
        </FieldError>
      )}
      <Row>
        <Button type="submit" size="sm" variant="primary" busy={inFlight}>
          Submit review
        </Button>
      </Row>
    </Form>
  );
}
