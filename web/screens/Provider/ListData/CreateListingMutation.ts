import { graphql, useMutation } from 'react-relay';
import type { CreateListingMutation as CreateListingMutationType } from '../../../__generated__/CreateListingMutation.graphql.ts';

const mutation = graphql`
  mutation CreateListingMutation($input: ListingInput!) {
    createListing(input: $input) {
      __typename
      ... on MutationCreateListingSuccess {
        data {
          id
          contractId
          title
          status
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

/** An approved provider (or an administrator) submits a listing for review (status pending_review). */
export function useCreateListingMutation() {
  return useMutation<CreateListingMutationType>(mutation);
}
