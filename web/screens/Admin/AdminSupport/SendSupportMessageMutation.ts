import { graphql, useMutation } from 'react-relay';
import type { SendSupportMessageMutation as MutationType } from '../../../__generated__/SendSupportMessageMutation.graphql.ts';

// A reply as the team; the screen's updater adds the answer to the thread (see threadUpdater.ts).
const mutation = graphql`
  mutation SendSupportMessageMutation($input: SendSupportMessageInput!) {
    sendSupportMessage(input: $input) {
      __typename
      ... on MutationSendSupportMessageSuccess {
        data {
          messageId
          ...ThreadMessage_message
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function useSendSupportMessageMutation() {
  return useMutation<MutationType>(mutation);
}
