import { graphql, useMutation } from 'react-relay';
import type { RequestDataAccessMutation as MutationType } from '../../../__generated__/RequestDataAccessMutation.graphql.ts';

// The library's access read (GET /api/data/access/{purchaseId} does the same): it never changes a
// key. It answers the live key's prefix; only a purchase with no key yet gets one, shown in full in
// that answer. The purchase's access fields follow.
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
