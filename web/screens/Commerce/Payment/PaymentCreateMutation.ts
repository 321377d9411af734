import { graphql, useMutation } from 'react-relay';
import type { PaymentCreateMutation as PaymentCreateMutationType } from '../../../__generated__/PaymentCreateMutation.graphql.ts';

// Opens (or, with the same idempotency key, answers again) the viewer's pending payment at the
// server's price; the amount sent is the total the page showed, refused when it is not the server's.
const mutation = graphql`
  mutation PaymentCreateMutation($input: CreatePaymentInput!) {
    createPayment(input: $input) {
      __typename
      ... on MutationCreatePaymentSuccess {
        data {
          id
          status
          total
          failureReason
        }
      }
      ... on Error {
        message
        reason
      }
    }
  }
`;

/** Creates the pending payment for a contract. */
export function usePaymentCreateMutation() {
  return useMutation<PaymentCreateMutationType>(mutation);
}
