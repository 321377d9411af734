import { useTransition } from 'react';
import { ConnectionHandler, graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { WebhookDeliveries_endpoint$key } from '../../../__generated__/WebhookDeliveries_endpoint.graphql.ts';
import type { WebhookDeliveriesQuery as WebhookDeliveriesQueryType } from '../../../__generated__/WebhookDeliveriesQuery.graphql.ts';
import { WebhookDeliveryRow } from './WebhookDeliveryRow.tsx';
import { useSendWebhookTest } from './WebhookMutations.ts';

const Box = styled.div`
  border-top: 1px dashed ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.bg};
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  padding: 8px 14px;

  h4 {
    flex: 1;
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Empty = styled.p`
  margin: 0;
  padding: 6px 14px 12px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textDim};
`;

const List = styled.ol`
  && { margin: 0; padding: 0; list-style: none; }
`;

export const WebhookDeliveriesQuery = graphql`
  query WebhookDeliveriesQuery($id: ID!) {
    node(id: $id) {
      ...WebhookDeliveries_endpoint @alias(as: "endpoint")
    }
  }
`;

/** An endpoint's delivery log, loaded when opened (the row's query reference). */
export function WebhookDeliveries({ queryRef, enabled }: { queryRef: PreloadedQuery<WebhookDeliveriesQueryType>; enabled: boolean }) {
  const { node } = usePreloadedQuery<WebhookDeliveriesQueryType>(WebhookDeliveriesQuery, queryRef);
  return node?.endpoint ? <DeliveryLog endpoint={node.endpoint} enabled={enabled} /> : null;
}

/** The log, newest first: send a test event, refresh, read more, redeliver. */
function DeliveryLog({ endpoint, enabled }: { endpoint: WebhookDeliveries_endpoint$key; enabled: boolean }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment WebhookDeliveries_endpoint on WebhookEndpoint
      @refetchable(queryName: "WebhookDeliveriesRefetchQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        id
        endpointId
        deliveries(first: $count, after: $cursor) @connection(key: "WebhookDeliveries_deliveries") {
          totalCount
          edges {
            node {
              id
              ...WebhookDeliveryRow_delivery
            }
          }
        }
      }
    `,
    endpoint,
  );
  const [sendTest, sending] = useSendWebhookTest();
  const [refreshing, startRefresh] = useTransition();
  const { toast } = useToast();
  const edges = data.deliveries.edges;
  const refresh = () =>
    startRefresh(() => {
      refetch({}, { fetchPolicy: 'network-only' });
    });

  return (
    <Box data-testid="webhook-deliveries">
      <Bar>
        <h4>Deliveries · {data.deliveries.totalCount}</h4>
        <Button
          size="sm"
          variant="primary"
          busy={sending}
          disabled={!enabled}
          title={enabled ? undefined : 'Enable the endpoint first'}
          onClick={() =>
            sendTest({
              variables: { input: { endpointId: data.id }, connections: [ConnectionHandler.getConnectionID(data.id, 'WebhookDeliveries_deliveries')] },
              onCompleted: ({ sendWebhookTest: r }) => {
                if (r.__typename === 'MutationSendWebhookTestSuccess') toast({ title: 'Test event queued', description: 'Refresh in a few seconds to see how it went.' });
                else toast({ variant: 'destructive', title: 'Not sent', description: r.__typename === '%other' ? 'Please try again.' : r.message });
              },
              onError: (error) => {
                toast({ variant: 'destructive', title: 'Not sent', description: error.message });
              },
            })
          }
        >
          Send test event
        </Button>
        <Button size="sm" busy={refreshing} onClick={refresh}>
          Refresh
        </Button>
      </Bar>
      {edges.length === 0 ? (
        <Empty>Nothing sent yet.</Empty>
      ) : (
        <List>
          {edges.map((edge) => (
            <WebhookDeliveryRow key={edge.node.id} delivery={edge.node} endpointId={data.id} enabled={enabled} />
          ))}
        </List>
      )}
      {hasNext && (
        <Bar>
          <Button size="sm" variant="ghost" busy={isLoadingNext} onClick={() => loadNext(10)}>
            Older deliveries
          </Button>
        </Bar>
      )}
    </Box>
  );
}
