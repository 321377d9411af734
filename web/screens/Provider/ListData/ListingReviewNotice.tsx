import { graphql, useFragment } from 'react-relay';
import type { ListingReviewNotice_contract$key } from '../../../__generated__/ListingReviewNotice_contract.graphql.ts';
import { Notice } from '../shared/Notice.tsx';

/** Over a listing being edited: why it was rejected, or that it still waits for review. */
export function ListingReviewNotice({ contract: contractKey }: { contract: ListingReviewNotice_contract$key }) {
  const contract = useFragment(
    graphql`
      fragment ListingReviewNotice_contract on Contract {
        status
        rejectionReason
      }
    `,
    contractKey,
  );
  return (
    <>
      {contract.status === 'rejected' && (
        <Notice tone="red" icon="alert" title="Listing Rejected" data-testid="listing-rejection">
          <span data-testid="listing-rejection-reason">{contract.rejectionReason || 'No reason was given.'}</span> Edit the listing and resubmit it
          for review.
        </Notice>
      )}
      {contract.status === 'pending_review' && (
        <Notice tone="amber" icon="inbox" title="Waiting for Review">
          This listing is in the review queue. Your changes replace what the reviewers see.
        </Notice>
      )}
    </>
  );
}
