import { graphql, useMutation } from 'react-relay';
import type { ReviewProviderMutation as MutationType } from '../../../__generated__/ReviewProviderMutation.graphql.ts';

// The buyer rates the provider once the payment was released; once per purchase.
const mutation = graphql`
  mutation ReviewProviderMutation($input: ReviewProviderInput!) {
    reviewProvider(input: $input) {
      __typename
      ... on MutationReviewProviderSuccess {
        data {
          id
          rating
          text
          createdAt
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
      }
    }
  }
`;

export function useReviewProviderMutation() {
  return useMutation<MutationType>(mutation);
}
