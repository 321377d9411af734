import { Suspense } from 'react';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import type { DisputeEvidenceDialog_payment$key } from '../../../__generated__/DisputeEvidenceDialog_payment.graphql.ts';
import type { DisputeEvidenceDialogQuery } from '../../../__generated__/DisputeEvidenceDialogQuery.graphql.ts';
import { formatBytes, formatCount, formatDateTime, formatMoney } from '../../../format/format.ts';
import { accessOutcomeTone, humanize } from '../../../format/labels.ts';

/** Uses of the data shown as evidence; the newest first, which is what a dispute turns on. */
const LOG_ROWS = 50;

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 8px;
  min-width: 0;

  & + & {
    padding-top: 14px;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const SectionTitle = styled.h3`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.wide};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.up};
`;

const Grid = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(170px, 1fr));
  gap: 10px 18px;
  margin: 0;

  dt {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    font-weight: 700;
    letter-spacing: ${({ theme }) => theme.tracking.label};
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textDim};
  }
  dd {
    margin: 2px 0 0;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.textStrong};
    overflow-wrap: anywhere;
  }
`;

const Quote = styled.blockquote`
  margin: 0;
  padding: 10px 12px;
  border-left: 2px solid ${({ theme }) => theme.colors.amber};
  background: ${({ theme }) => theme.colors.panelAlt};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.55;
  color: ${({ theme }) => theme.colors.text};
  white-space: pre-wrap;
`;

// focusable, so a keyboard can scroll a table wider than the dialog
const Scroll = styled.div.attrs({ tabIndex: 0 })`
  max-height: 260px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Log = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;

  th,
  td {
    padding: 6px 10px;
    text-align: left;
    white-space: nowrap;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  thead th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.colors.panelAlt};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    letter-spacing: ${({ theme }) => theme.tracking.label};
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textDim};
  }
  tbody tr:last-child td {
    border-bottom: 0;
  }
  .num {
    text-align: right;
  }
`;

const Muted = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export type DisputeEvidenceDialogProps = {
  /** the payment's global id */
  paymentId: string;
  /** the contract's title, for the dialog's title while the evidence loads */
  title: string;
  busy?: boolean;
  onRefund: () => void;
  onRelease: () => void;
  onClose: () => void;
};

// The evidence loads when the dialog opens, fresh each time (the buyer may have used the data
// since the list loaded), instead of every row's access log riding along with the dashboard.
const evidenceQuery = graphql`
  query DisputeEvidenceDialogQuery($id: ID!) {
    payment(id: $id) {
      ...DisputeEvidenceDialog_payment
    }
  }
`;

const Loading = styled.div`
  display: grid;
  place-items: center;
  min-height: 200px;
`;

/**
 * The evidence of a dispute: the payment, the buyer's reason and words, and the buyer's access log
 * of the purchase (each download, stream and access call with its time, bytes and outcome), so the
 * administrator sees whether and how the data was used before deciding.
 */
export function DisputeEvidenceDialog({ paymentId, title, busy = false, onRefund, onRelease, onClose }: DisputeEvidenceDialogProps) {
  return (
    <Dialog
      open
      width={760}
      title={`Dispute · ${title}`}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Close
          </Button>
          <Button variant="danger" onClick={onRefund} disabled={busy}>
            Refund
          </Button>
          <Button variant="primary" onClick={onRelease} disabled={busy}>
            Release
          </Button>
        </>
      }
    >
      <Suspense
        fallback={
          <Loading>
            <Spinner label="Loading the evidence" />
          </Loading>
        }
      >
        <Evidence paymentId={paymentId} />
      </Suspense>
    </Dialog>
  );
}

function Evidence({ paymentId }: { paymentId: string }) {
  const data = useLazyLoadQuery<DisputeEvidenceDialogQuery>(evidenceQuery, { id: paymentId }, { fetchPolicy: 'network-only' });
  if (!data.payment) return <Muted>This payment is no longer available.</Muted>;
  return <EvidenceBody payment={data.payment} />;
}

function EvidenceBody({ payment }: { payment: DisputeEvidenceDialog_payment$key }) {
  const p = useFragment(
    graphql`
      fragment DisputeEvidenceDialog_payment on Payment {
        paymentId
        amount
        fee
        total
        providerAmount
        commission
        paymentMethod
        escrowStartedAt
        contract {
          title
        }
        buyer {
          name
          email
        }
        seller {
          name
        }
        dispute {
          reason
          description
          createdAt
        }
        purchase {
          status
          downloadCount
          lastAccessedAt
          accessLog(first: 50) {
            totalCount
            edges {
              node {
                time
                action
                bytes
                outcome
                statusCode
                ip
              }
            }
          }
        }
      }
    `,
    payment,
  );
  const log = p.purchase?.accessLog;
  const entries = log?.edges.map((e) => e.node) ?? [];
  const sent = entries.filter((e) => e.outcome === 'ok' || e.outcome === 'aborted').reduce((sum, e) => sum + e.bytes, 0);

  return (
    <Sections>
      <Section aria-label="Buyer's complaint">
        <SectionTitle>Complaint</SectionTitle>
        {p.dispute ? (
          <>
            <Grid>
              <div>
                <dt>Reason</dt>
                <dd>{humanize(p.dispute.reason)}</dd>
              </div>
              <div>
                <dt>Opened</dt>
                <dd>{formatDateTime(p.dispute.createdAt)}</dd>
              </div>
              <div>
                <dt>Buyer</dt>
                <dd>
                  {p.buyer.name} · {p.buyer.email}
                </dd>
              </div>
              <div>
                <dt>Seller</dt>
                <dd>{p.seller.name}</dd>
              </div>
            </Grid>
            <Quote>{p.dispute.description}</Quote>
          </>
        ) : (
          <Muted>No dispute record.</Muted>
        )}
      </Section>
      <Section aria-label="Payment">
        <SectionTitle>Payment</SectionTitle>
        <Grid>
          <div>
            <dt>Price</dt>
            <dd>{formatMoney(p.amount)}</dd>
          </div>
          <div>
            <dt>Fee (2.5%)</dt>
            <dd>{formatMoney(p.fee)}</dd>
          </div>
          <div>
            <dt>Total charged</dt>
            <dd>{formatMoney(p.total)}</dd>
          </div>
          <div>
            <dt>Provider 90% / Platform 10%</dt>
            <dd>
              {formatMoney(p.providerAmount)} / {formatMoney(p.commission)}
            </dd>
          </div>
          <div>
            <dt>Method</dt>
            <dd>{humanize(p.paymentMethod)}</dd>
          </div>
          <div>
            <dt>In escrow since</dt>
            <dd>{formatDateTime(p.escrowStartedAt)}</dd>
          </div>
        </Grid>
      </Section>
      <Section aria-label="Access log">
        <SectionTitle>Buyer's access log</SectionTitle>
        <Grid>
          <div>
            <dt>Uses logged</dt>
            <dd>{formatCount(log?.totalCount ?? 0)}</dd>
          </div>
          <div>
            <dt>Downloads</dt>
            <dd>{formatCount(p.purchase?.downloadCount ?? 0)}</dd>
          </div>
          <div>
            <dt>Bytes sent{log && log.totalCount > LOG_ROWS ? ` (latest ${LOG_ROWS})` : ''}</dt>
            <dd>{formatBytes(sent)}</dd>
          </div>
          <div>
            <dt>Last access</dt>
            <dd>{formatDateTime(p.purchase?.lastAccessedAt)}</dd>
          </div>
        </Grid>
        {entries.length === 0 ? (
          <Muted>The buyer has not used the data: no download, stream or access call is logged.</Muted>
        ) : (
          <Scroll>
            <Log aria-label="Access log">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Action</th>
                  <th scope="col" className="num">
                    Bytes
                  </th>
                  <th scope="col">Outcome</th>
                  <th scope="col" className="num">
                    HTTP
                  </th>
                  <th scope="col">IP</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e, i) => (
                  <tr key={`${e.time}-${i}`} data-testid="access-log-row">
                    <td>{formatDateTime(e.time)}</td>
                    <td>{e.action}</td>
                    <td className="num">{formatBytes(e.bytes)}</td>
                    <td>
                      <Badge size="sm" tone={accessOutcomeTone(e.outcome)}>
                        {e.outcome}
                      </Badge>
                    </td>
                    <td className="num">{e.statusCode}</td>
                    <td>{e.ip ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </Log>
          </Scroll>
        )}
      </Section>
    </Sections>
  );
}
