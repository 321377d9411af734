import { graphql, useMutation } from 'react-relay';
import type { WebhookMutationsCreateMutation } from '../../../__generated__/WebhookMutationsCreateMutation.graphql.ts';
import type { WebhookMutationsDeleteMutation } from '../../../__generated__/WebhookMutationsDeleteMutation.graphql.ts';
import type { WebhookMutationsEnableMutation } from '../../../__generated__/WebhookMutationsEnableMutation.graphql.ts';
import type { WebhookMutationsTestMutation } from '../../../__generated__/WebhookMutationsTestMutation.graphql.ts';
import type { WebhookMutationsRedeliverMutation } from '../../../__generated__/WebhookMutationsRedeliverMutation.graphql.ts';

// The webhook mutations of the Developers tab. A new endpoint joins the viewer's list (an updater:
// the list is no connection), a deleted one leaves the store (@deleteRecord), a test's delivery
// joins the top of its endpoint's log (@prependNode).

const create = graphql`
  mutation WebhookMutationsCreateMutation($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      __typename
      ... on Error { message }
      ... on ValidationError { fieldErrors { field message } }
      ... on MutationCreateWebhookEndpointSuccess {
        data {
          secret
          endpoint { id ...WebhookEndpointRow_endpoint }
        }
      }
    }
  }
`;

const remove = graphql`
  mutation WebhookMutationsDeleteMutation($input: DeleteWebhookEndpointInput!) {
    deleteWebhookEndpoint(input: $input) {
      __typename
      ... on Error { message }
      ... on MutationDeleteWebhookEndpointSuccess { data { deletedId @deleteRecord } }
    }
  }
`;

const enable = graphql`
  mutation WebhookMutationsEnableMutation($input: EnableWebhookEndpointInput!) {
    enableWebhookEndpoint(input: $input) {
      __typename
      ... on Error { message }
      ... on MutationEnableWebhookEndpointSuccess { data { id enabled disabledAt disabledReason failureStreak } }
    }
  }
`;

const test = graphql`
  mutation WebhookMutationsTestMutation($input: SendWebhookTestInput!, $connections: [ID!]!) {
    sendWebhookTest(input: $input) {
      __typename
      ... on Error { message }
      ... on MutationSendWebhookTestSuccess {
        data { delivery @prependNode(connections: $connections, edgeTypeName: "WebhookEndpointDeliveriesConnectionEdge") { id ...WebhookDeliveryRow_delivery } }
      }
    }
  }
`;

const redeliver = graphql`
  mutation WebhookMutationsRedeliverMutation($input: RedeliverWebhookDeliveryInput!) {
    redeliverWebhookDelivery(input: $input) {
      __typename
      ... on Error { message }
      ... on MutationRedeliverWebhookDeliverySuccess { data { delivery { id ...WebhookDeliveryRow_delivery } } }
    }
  }
`;

export const useCreateWebhook = () => useMutation<WebhookMutationsCreateMutation>(create);
export const useDeleteWebhook = () => useMutation<WebhookMutationsDeleteMutation>(remove);
export const useEnableWebhook = () => useMutation<WebhookMutationsEnableMutation>(enable);
export const useSendWebhookTest = () => useMutation<WebhookMutationsTestMutation>(test);
export const useRedeliverWebhook = () => useMutation<WebhookMutationsRedeliverMutation>(redeliver);
