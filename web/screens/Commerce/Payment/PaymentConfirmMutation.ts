import { graphql, useMutation } from 'react-relay';
import type { PaymentConfirmMutation as PaymentConfirmMutationType } from '../../../__generated__/PaymentConfirmMutation.graphql.ts';

// Charges the pending payment through the server's payment provider and starts the 24-hour
// escrow. The answer carries the purchase's API key in full, this once (docs/decisions.md,
// "Commerce (server side): API keys and data delivery").
const mutation = graphql`
  mutation PaymentConfirmMutation($input: ConfirmPaymentInput!) {
    confirmPayment(input: $input) {
      __typename
      ... on MutationConfirmPaymentSuccess {
        data {
          apiKey
          apiKeyPrefix
          payment {
            id
            status
            escrowStartedAt
            escrowEndsAt
            ...PaymentStanding_payment
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

/** Confirms a pending payment (card details for card payments) and puts the money in escrow. */
export function usePaymentConfirmMutation() {
  return useMutation<PaymentConfirmMutationType>(mutation);
}
