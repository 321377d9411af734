import { graphql, useMutation } from 'react-relay';
import type { PaymentSuccessOpenDisputeMutation as MutationType } from '../../../__generated__/PaymentSuccessOpenDisputeMutation.graphql.ts';

// The dispute comes back with its payment (now disputed), so the status card, the countdown and
// the next steps change without reloading the page.
const mutation = graphql`
  mutation PaymentSuccessOpenDisputeMutation($input: OpenDisputeInput!) {
    openDispute(input: $input) {
      __typename
      ... on MutationOpenDisputeSuccess {
        data {
          id
          payment {
            id
            status
            ...EscrowPanel_payment
            ...NextSteps_payment
            ...DisputeSection_payment
          }
        }
      }
      ... on Error {
        message
        reason
      }
    }
  }
`;

/** Opens a dispute on the viewer's escrowed payment. */
export function usePaymentSuccessOpenDisputeMutation() {
  return useMutation<MutationType>(mutation);
}
