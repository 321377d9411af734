import { graphql, useMutation } from 'react-relay';
import type { SetAutoRenewMutation as MutationType } from '../../../__generated__/SetAutoRenewMutation.graphql.ts';

// Turns a subscription's automatic renewal off (cancel: access lasts to the period's end) or on
// again with the card kept at checkout; answers the purchase's renewal as it now stands.
const mutation = graphql`
  mutation SetAutoRenewMutation($input: SetPurchaseAutoRenewInput!) {
    setPurchaseAutoRenew(input: $input) {
      __typename
      ... on MutationSetPurchaseAutoRenewSuccess {
        data {
          id
          ...RenewalPanel_purchase
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function useSetAutoRenewMutation() {
  return useMutation<MutationType>(mutation);
}
