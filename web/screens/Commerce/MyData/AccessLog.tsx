import { startTransition, useEffect, useRef } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import type { AccessLog_purchase$key } from '../../../__generated__/AccessLog_purchase.graphql.ts';
import type { AccessLogPaginationQuery } from '../../../__generated__/AccessLogPaginationQuery.graphql.ts';
import { toneColors, type Tone } from '../../../theme/theme.ts';
import { plural } from '../../../format/format.ts';
import { accessOutcomeTone } from '../../../format/labels.ts';
import { AccessLogRows } from '../../shared/AccessLogRows.tsx';
import { monoCaps } from '../../shared/figureText.ts';

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;

  h4 {
    ${monoCaps()}
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;

  th {
    padding: 4px 8px;
    text-align: left;
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    letter-spacing: ${({ theme }) => theme.tracking.label};
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textDim};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  td {
    padding: 4px 8px;
    color: ${({ theme }) => theme.colors.text};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    white-space: nowrap;
  }
  .num {
    text-align: right;
  }
`;

const Outcome = styled.span<{ $tone: Tone }>`
  color: ${({ theme, $tone }) => toneColors(theme, $tone).fg};
`;

const Empty = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

export type AccessLogProps = {
  purchase: AccessLog_purchase$key;
  /** a number that changes after each use of the data (download, access, rotate): the log is read again */
  refreshKey: number;
};

/** Every use of the purchase's data, newest first: time, action, bytes, outcome and HTTP status. */
export function AccessLog({ purchase, refreshKey }: AccessLogProps) {
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<AccessLogPaginationQuery, AccessLog_purchase$key>(
    graphql`
      fragment AccessLog_purchase on Purchase
      @refetchable(queryName: "AccessLogPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 5 }, cursor: { type: "String" }) {
        accessLog(first: $count, after: $cursor) @connection(key: "AccessLog_accessLog") {
          totalCount
          edges {
            node {
              ...AccessLogRows_entries
            }
          }
        }
      }
    `,
    purchase,
  );
  const refresh = () => {
    startTransition(() => {
      refetch({}, { fetchPolicy: 'network-only' });
    });
  };
  // Read again when the panel opens and after each use (the row of a download is written when its body ends).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      refresh();
      return;
    }
    const timer = setTimeout(refresh, 400);
    return () => clearTimeout(timer);
  }, [refreshKey]);

  const edges = data.accessLog.edges;
  return (
    <div data-testid="access-log">
      <Head>
        <h4>Access log · {plural(data.accessLog.totalCount, 'use')}</h4>
        <Button size="sm" variant="ghost" onClick={refresh}>
          Refresh
        </Button>
      </Head>
      {edges.length === 0 ? (
        <Empty>No use of this data yet.</Empty>
      ) : (
        <Scroll>
          <Table>
            <AccessLogRows entries={edges.map((e) => e.node)} statusHead="Status" outcome={(o) => <Outcome $tone={accessOutcomeTone(o)}>{o}</Outcome>} />
          </Table>
        </Scroll>
      )}
      {hasNext && (
        <Button size="sm" variant="ghost" busy={isLoadingNext} onClick={() => loadNext(10)}>
          Older uses
        </Button>
      )}
    </div>
  );
}
