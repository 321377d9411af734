import { graphql, useMutation } from 'react-relay';
import type { UpdateListingMutation as UpdateListingMutationType } from '../../../__generated__/UpdateListingMutation.graphql.ts';

// The answer updates the listing's record, so the dashboard's listing card shows it back in review.
const mutation = graphql`
  mutation UpdateListingMutation($input: UpdateListingInput!) {
    updateListing(input: $input) {
      __typename
      ... on MutationUpdateListingSuccess {
        data {
          id
          contractId
          title
          status
          rejectionReason
          price
          marketPrice
        }
      }
      ... on ValidationError {
        fieldErrors {
          field
          message
        }
      }
      ... on Error {
        message
        code
        reason
      }
    }
  }
`;

/** The provider edits a listing waiting for review, or resubmits a rejected one. */
export function useUpdateListingMutation() {
  return useMutation<UpdateListingMutationType>(mutation);
}
