import { graphql, useMutation } from 'react-relay';
import type { RotateApiKeyMutation as MutationType } from '../../../__generated__/RotateApiKeyMutation.graphql.ts';

// Revokes the purchase's key and issues a new one, shown in full this once.
const mutation = graphql`
  mutation RotateApiKeyMutation($input: PurchaseAccessInput!) {
    rotateApiKey(input: $input) {
      __typename
      ... on MutationRotateApiKeySuccess {
        data {
          apiKey
          apiKeyPrefix
          purchase {
            id
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

export function useRotateApiKeyMutation() {
  return useMutation<MutationType>(mutation);
}
