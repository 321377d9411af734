import { Suspense, useState } from 'react';
import { graphql, useFragment, useQueryLoader } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { WebhookEndpointRow_endpoint$key } from '../../../__generated__/WebhookEndpointRow_endpoint.graphql.ts';
import type { WebhookDeliveriesQuery as WebhookDeliveriesQueryType } from '../../../__generated__/WebhookDeliveriesQuery.graphql.ts';
import { Spinner } from '../../../components/Spinner.tsx';
import { WebhookDeliveries, WebhookDeliveriesQuery } from './WebhookDeliveries.tsx';
import { useDeleteWebhook, useEnableWebhook } from './WebhookMutations.ts';

const Item = styled.li`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child { border-bottom: 0; }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  padding: 10px 14px;
`;

const Main = styled.div`
  flex: 1 1 260px;
  min-width: 0;
`;

const Url = styled.div`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textStrong};
  overflow-wrap: anywhere;
`;

const Meta = styled.div`
  margin-top: 3px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
  overflow-wrap: anywhere;
`;

const Reason = styled.div`
  margin-top: 4px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.down};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

/** One endpoint: URL, status (and why disabled), its events; test, log, enable, delete. */
export function WebhookEndpointRow({ endpoint }: { endpoint: WebhookEndpointRow_endpoint$key }) {
  const e = useFragment(
    graphql`
      fragment WebhookEndpointRow_endpoint on WebhookEndpoint {
        id
        endpointId
        url
        description
        eventTypes
        allEvents
        enabled
        disabledReason
        failureStreak
      }
    `,
    endpoint,
  );
  const [showLog, setShowLog] = useState(false);
  // The log loads when opened (ten endpoints' logs are not the tab's to load up front).
  const [logRef, loadLog] = useQueryLoader<WebhookDeliveriesQueryType>(WebhookDeliveriesQuery);
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useDeleteWebhook();
  const [enable, enabling] = useEnableWebhook();
  const { toast } = useToast();
  const events = e.allEvents ? 'all events' : e.eventTypes.join(', ');

  return (
    <Item data-testid={`webhook-${e.endpointId}`}>
      <Head>
        <Main>
          <Url>{e.url}</Url>
          <Meta>
            {e.description ? `${e.description} · ` : ''}
            {events}
            {e.failureStreak > 0 ? ` · ${e.failureStreak} failed in a row` : ''}
          </Meta>
          {!e.enabled && e.disabledReason && <Reason>{e.disabledReason}</Reason>}
        </Main>
        <Badge tone={e.enabled ? 'green' : 'red'} dot size="sm">
          {e.enabled ? 'Enabled' : 'Disabled'}
        </Badge>
        <Actions>
          {!e.enabled && (
            <Button
              size="sm"
              busy={enabling}
              onClick={() =>
                enable({
                  variables: { input: { endpointId: e.id } },
                  onCompleted: ({ enableWebhookEndpoint: r }) => {
                    if (r.__typename !== 'MutationEnableWebhookEndpointSuccess') toast({ variant: 'destructive', title: 'Not enabled', description: r.__typename === '%other' ? 'Please try again.' : r.message });
                  },
                  onError: (error) => {
                toast({ variant: 'destructive', title: 'Not enabled', description: error.message });
              },
                })
              }
            >
              Enable
            </Button>
          )}
          <Button
            size="sm"
            aria-expanded={showLog}
            onClick={() => {
              if (!showLog) loadLog({ id: e.id }, { fetchPolicy: 'store-and-network' });
              setShowLog(!showLog);
            }}
          >
            {showLog ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </Actions>
      </Head>
      {showLog && logRef && (
        <Suspense fallback={<Spinner label="Loading deliveries" />}>
          <WebhookDeliveries queryRef={logRef} enabled={e.enabled} />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        variant="danger"
        busy={removing}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove({
            variables: { input: { endpointId: e.id } },
            updater: (store) => {
              const viewer = store.getRoot().getLinkedRecord('viewer');
              const list = viewer?.getLinkedRecords('webhookEndpoints');
              if (viewer && list) viewer.setLinkedRecords(list.filter((r) => r != null && r.getDataID() !== e.id), 'webhookEndpoints');
            },
            onCompleted: ({ deleteWebhookEndpoint: r }) => {
              setConfirming(false);
              if (r.__typename === 'MutationDeleteWebhookEndpointSuccess') toast({ title: 'Endpoint deleted', description: e.url });
              else toast({ variant: 'destructive', title: 'Not deleted', description: r.__typename === '%other' ? 'Please try again.' : r.message });
            },
            onError: (error) => {
              setConfirming(false);
              toast({ variant: 'destructive', title: 'Not deleted', description: error.message });
            },
          })
        }
      >
        <p>
          Nothing more is sent to <strong>{e.url}</strong>, and its delivery log is deleted with it.
        </p>
      </ConfirmDialog>
    </Item>
  );
}
