import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge, type BadgeTone } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { WebhookDeliveryRow_delivery$key, WebhookDeliveryStatus } from '../../../__generated__/WebhookDeliveryRow_delivery.graphql.ts';
import { useRedeliverWebhook } from './WebhookMutations.ts';

const TONE: Record<WebhookDeliveryStatus, BadgeTone> = { pending: 'amber', succeeded: 'green', failed: 'red', '%future added value': 'neutral' };

const Item = styled.li`
  padding: 8px 14px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.text};
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 12px;
`;

const Type = styled.span`
  color: ${({ theme }) => theme.colors.textStrong};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Dim = styled.span`
  color: ${({ theme }) => theme.colors.textDim};
  font-variant-numeric: tabular-nums;
`;

const Spacer = styled.span`
  flex: 1;
`;

const Attempts = styled.table`
  width: 100%;
  margin-top: 6px;
  border-collapse: collapse;
  table-layout: fixed;

  th, td {
    padding: 3px 6px 3px 0;
    text-align: left;
    vertical-align: top;
    font-weight: normal;
    font-variant-numeric: tabular-nums;
  }
  th { color: ${({ theme }) => theme.colors.textDim}; text-transform: uppercase; letter-spacing: 0.05em; font-size: ${({ theme }) => theme.fontSizes.xxs}; }
  col.n { width: 28px; }
  col.code { width: 44px; }
  col.ms { width: 58px; }
  col.at { width: 150px; }
  td.body { color: ${({ theme }) => theme.colors.textMuted}; overflow-wrap: anywhere; white-space: pre-wrap; }
  td.ok { color: ${({ theme }) => theme.colors.up}; }
  td.bad { color: ${({ theme }) => theme.colors.down}; }

  ${({ theme }) => theme.media.mobile} {
    col.at { width: 0; }
    .at { display: none; }
  }
`;

const time = (iso: string) => new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** One delivery: event, status, attempts (code, duration, excerpt or error), and a redelivery. */
export function WebhookDeliveryRow({ delivery, endpointId, enabled }: { delivery: WebhookDeliveryRow_delivery$key; endpointId: string; enabled: boolean }) {
  const d = useFragment(
    graphql`
      fragment WebhookDeliveryRow_delivery on WebhookDelivery {
        id
        deliveryId
        eventId
        eventType
        status
        attempts
        nextAttemptAt
        createdAt
        attemptLog {
          number
          manual
          statusCode
          durationMs
          responseExcerpt
          error
          at
        }
      }
    `,
    delivery,
  );
  const [open, setOpen] = useState(false);
  const [redeliver, busy] = useRedeliverWebhook();
  const { toast } = useToast();

  return (
    <Item data-testid={`delivery-${d.deliveryId}`}>
      <Line>
        <Badge tone={TONE[d.status]} size="sm">
          {d.status}
        </Badge>
        <Type>{d.eventType}</Type>
        <Dim title={d.eventId}>{time(d.createdAt)}</Dim>
        <Dim>
          {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
          {d.attemptLog[0]?.statusCode != null ? ` · ${d.attemptLog[0].statusCode}` : ''}
          {d.attemptLog[0] ? ` · ${d.attemptLog[0].durationMs} ms` : ''}
        </Dim>
        {d.status === 'pending' && d.nextAttemptAt && <Dim>next {time(d.nextAttemptAt)}</Dim>}
        <Spacer />
        {d.attemptLog.length > 0 && (
          <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
            {open ? 'Hide' : 'Attempts'}
          </Button>
        )}
        <Button
          size="sm"
          busy={busy}
          disabled={!enabled}
          onClick={() =>
            redeliver({
              variables: { input: { endpointId, deliveryId: d.id } },
              onCompleted: ({ redeliverWebhookDelivery: r }) => {
                if (r.__typename === 'MutationRedeliverWebhookDeliverySuccess') toast({ title: 'Redelivery queued', description: `${d.eventType}: refresh in a few seconds.` });
                else toast({ variant: 'destructive', title: 'Not redelivered', description: r.__typename === '%other' ? 'Please try again.' : r.message });
              },
              onError: (error) => {
                toast({ variant: 'destructive', title: 'Not redelivered', description: error.message });
              },
            })
          }
        >
          Redeliver
        </Button>
      </Line>
      {open && (
        <Attempts aria-label={`Attempts of ${d.eventType}`}>
          <colgroup>
            <col className="n" />
            <col className="code" />
            <col className="ms" />
            <col className="at" />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th>#</th>
              <th>Code</th>
              <th>ms</th>
              <th className="at">At</th>
              <th>Answer</th>
            </tr>
          </thead>
          <tbody>
            {d.attemptLog.map((a) => {
              const ok = a.statusCode != null && a.statusCode >= 200 && a.statusCode < 300;
              return (
                <tr key={a.number}>
                  <td>{a.number}</td>
                  <td className={ok ? 'ok' : 'bad'}>{a.statusCode ?? '—'}</td>
                  <td>{a.durationMs}</td>
                  <td className="at">{time(a.at)}</td>
                  <td className="body">
                    {a.manual ? 'redelivery · ' : ''}
                    {a.error ? `${a.error}${a.responseExcerpt ? ` — ${a.responseExcerpt}` : ''}` : (a.responseExcerpt ?? '')}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Attempts>
      )}
    </Item>
  );
}
