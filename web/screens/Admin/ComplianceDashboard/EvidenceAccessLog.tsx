import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Fact } from '../../../components/FactsGrid.tsx';
import type { EvidenceAccessLog_purchase$key } from '../../../__generated__/EvidenceAccessLog_purchase.graphql.ts';
import { formatBytes, formatCount, formatDateTime } from '../../../format/format.ts';
import { accessOutcomeTone } from '../../../format/labels.ts';
import { AccessLogRows } from '../../shared/AccessLogRows.tsx';
import { DialogSection } from '../shared/DialogSection.tsx';
import { EvidenceFacts, EvidenceNote } from './EvidenceFacts.tsx';

/** Uses of the data shown as evidence; the newest first, which is what a dispute turns on. */
const LOG_ROWS = 50;

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

export type EvidenceAccessLogProps = { purchase: EvidenceAccessLog_purchase$key | null | undefined };

/**
 * The buyer's use of the purchase: how often, how many bytes, when last, and each download,
 * stream and access call with its time, bytes, outcome and address.
 */
export function EvidenceAccessLog({ purchase }: EvidenceAccessLogProps) {
  const p = useFragment(
    graphql`
      fragment EvidenceAccessLog_purchase on Purchase {
        downloadCount
        lastAccessedAt
        accessLog(first: 50) {
          totalCount
          edges {
            node {
              bytes
              outcome
              ...AccessLogRows_entries @arguments(withIp: true)
            }
          }
        }
      }
    `,
    purchase,
  );
  const log = p?.accessLog;
  const entries = log?.edges.map((e) => e.node) ?? [];
  const sent = entries.filter((e) => e.outcome === 'ok' || e.outcome === 'aborted').reduce((sum, e) => sum + e.bytes, 0);

  return (
    <DialogSection title="Buyer's access log" label="Access log">
      <EvidenceFacts>
        <Fact label="Uses logged">{formatCount(log?.totalCount ?? 0)}</Fact>
        <Fact label="Downloads">{formatCount(p?.downloadCount ?? 0)}</Fact>
        <Fact label={`Bytes sent${log && log.totalCount > LOG_ROWS ? ` (latest ${LOG_ROWS})` : ''}`}>{formatBytes(sent)}</Fact>
        <Fact label="Last access">{formatDateTime(p?.lastAccessedAt)}</Fact>
      </EvidenceFacts>
      {entries.length === 0 ? (
        <EvidenceNote>The buyer has not used the data: no download, stream or access call is logged.</EvidenceNote>
      ) : (
        <Scroll>
          <Log aria-label="Access log">
            <AccessLogRows
              entries={entries}
              statusHead="HTTP"
              withIp
              outcome={(o) => (
                <Badge size="sm" tone={accessOutcomeTone(o)}>
                  {o}
                </Badge>
              )}
            />
          </Log>
        </Scroll>
      )}
    </DialogSection>
  );
}
