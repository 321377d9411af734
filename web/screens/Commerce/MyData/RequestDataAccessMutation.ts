import { graphql, useMutation } from 'react-relay';
import type { RequestDataAccessMutation as MutationType } from '../../../__generated__/RequestDataAccessMutation.graphql.ts';

// The library's request access (GET /api/data/access/{purchaseId} does the same): the first answer
// with live access shows a key in full, later ones its prefix. The purchase's access fields follow.
const mutation = graphql`
  mutation RequestDataAccessMutation($input: PurchaseAccessInput!) {
    requestDataAccess(input: $input) {
      __typename
      ... on MutationRequestDataAccessSuccess {
        data {
          apiKey
          apiKeyPrefix
          purchase {
            id
            hasAccess
            accessExpired
            apiKeyPrefix
          }
        }
      }
      ... on Error {
        message
        code
      }
    }
  }
`;

export function useRequestDataAccessMutation() {
  return useMutation<MutationType>(mutation);
}
