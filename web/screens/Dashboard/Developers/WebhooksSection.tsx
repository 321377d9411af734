import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { WebhooksSection_viewer$key } from '../../../__generated__/WebhooksSection_viewer.graphql.ts';
import type { WebhooksSection_query$key } from '../../../__generated__/WebhooksSection_query.graphql.ts';
import { AddWebhookForm } from './AddWebhookForm.tsx';
import { SecretOnce } from '../../../components/SecretOnce.tsx';
import { WebhookEndpointRow } from './WebhookEndpointRow.tsx';

const MAX_ENDPOINTS = 10;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  min-width: 0;
`;

const Empty = styled.p`
  margin: 0;
  padding: 18px 14px;
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Hint = styled.p`
  margin: 0;
  padding: 10px 14px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textDim};

  code { font-family: ${({ theme }) => theme.fonts.mono}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Count = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
`;

const List = styled.ul`
  && { margin: 0; padding: 0; list-style: none; }
`;

/**
 * The viewer's webhook endpoints (docs/decisions.md "Issue 27: webhooks and the event feed"): add
 * one (its secret shown once), each with its status, a test event, its delivery log, redelivery
 * and delete.
 */
export function WebhooksSection({ viewer, query }: { viewer: WebhooksSection_viewer$key; query: WebhooksSection_query$key }) {
  const { webhookEndpoints } = useFragment(
    graphql`
      fragment WebhooksSection_viewer on User {
        webhookEndpoints {
          id
          ...WebhookEndpointRow_endpoint
        }
      }
    `,
    viewer,
  );
  const { webhookEventTypes } = useFragment(
    graphql`
      fragment WebhooksSection_query on Query {
        webhookEventTypes {
          type
          label
        }
      }
    `,
    query,
  );
  // A deleted endpoint may linger as a null until its updater has run.
  const endpoints = (webhookEndpoints ?? []).filter((e) => e != null);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ secret: string; url: string } | null>(null);
  const full = endpoints.length >= MAX_ENDPOINTS;

  return (
    <Stack>
      {secret && (
        <SecretOnce
          title="Signing secret"
          secret={secret.secret}
          copyLabel="Copy signing secret"
          done={{ label: 'Done', onDone: () => setSecret(null) }}
          testId="webhook-secret-once"
          secretTestId="webhook-secret"
        >
          Shown once for {secret.url}: copy it now. Verify each delivery: <code>DataPit-Signature: t=…,v1=…</code> is the hex
          HMAC-SHA256 of <code>t.body</code> with this secret.
        </SecretOnce>
      )}
      <Panel
        title="Webhooks"
        padding="none"
        data-testid="webhooks-section"
        actions={
          <>
            <Count>
              {endpoints.length}/{MAX_ENDPOINTS}
            </Count>
            {!adding && (
              <Button size="sm" variant="primary" icon={<Icon name="plus" size={12} />} disabled={full} title={full ? 'Delete an endpoint first' : undefined} onClick={() => setAdding(true)}>
                Add endpoint
              </Button>
            )}
          </>
        }
      >
        {adding && (
          <AddWebhookForm
            eventTypes={webhookEventTypes}
            onCancel={() => setAdding(false)}
            onCreated={(s, url) => {
              setAdding(false);
              setSecret({ secret: s, url });
            }}
          />
        )}
        {endpoints.length === 0 && !adding ? (
          <Empty>No endpoints yet. Add one to have the events that concern you POSTed to your server, signed.</Empty>
        ) : (
          <List>
            {endpoints.map((e) => (
              <WebhookEndpointRow key={e.id} endpoint={e} />
            ))}
          </List>
        )}
        <Hint>
          Each event is POSTed as JSON <code>{'{ id, type, createdAt, data }'}</code> with <code>DataPit-Event-Id</code> and <code>DataPit-Signature</code>; a non-2xx answer is retried with backoff
          for 3 days. Missed some? <code>GET /api/events?after=&lt;cursor&gt;</code> has them all.
        </Hint>
      </Panel>
    </Stack>
  );
}
