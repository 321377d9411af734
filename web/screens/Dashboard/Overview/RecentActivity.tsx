import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Icon, type IconName } from '../../../components/Icon.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { toneColors, type Tone } from '../../../theme/theme.ts';
import type { RecentActivity_viewer$key } from '../../../__generated__/RecentActivity_viewer.graphql.ts';
import { formatDateTime, formatMoney, timeAgo } from '../../../format/format.ts';
import { EmptyWithLink } from '../../shared/EmptyWithLink.tsx';
import { oneLine } from '../../../theme/text.ts';

type KindStyle = { icon: IconName; tone: Tone; label: string; sign?: '+' | '-' };

// One look per event kind (schema: ActivityEvent.kind). Money out is red, money in green.
const KINDS: Record<string, KindStyle> = {
  purchase: { icon: 'download', tone: 'red', label: 'Buy', sign: '-' },
  sale: { icon: 'chart', tone: 'green', label: 'Sale', sign: '+' },
  bid_placed: { icon: 'send', tone: 'blue', label: 'Bid' },
  bid_received: { icon: 'inbox', tone: 'blue', label: 'Bid in' },
  bid_accepted: { icon: 'check', tone: 'green', label: 'Accepted' },
  bid_declined: { icon: 'x', tone: 'red', label: 'Declined' },
  listing_approved: { icon: 'check', tone: 'green', label: 'Listed' },
  listing_rejected: { icon: 'alert', tone: 'red', label: 'Rejected' },
  listing_submitted: { icon: 'upload', tone: 'amber', label: 'In review' },
};
const FALLBACK: KindStyle = { icon: 'info', tone: 'neutral', label: 'Event' };

const List = styled.ol`
  && {
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: 28px minmax(0, 1fr) auto;
  align-items: center;
  gap: 12px;
  padding: 8px 14px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  &:last-child { border-bottom: 0; }
  &:hover { background: ${({ theme }) => theme.colors.hover}; }
`;

const Mark = styled.span<{ $tone: Tone }>`
  display: grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme, $tone }) => toneColors(theme, $tone).border};
  background: ${({ theme, $tone }) => toneColors(theme, $tone).bg};
  color: ${({ theme, $tone }) => toneColors(theme, $tone).fg};
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
`;

const Line = styled.div`
  display: flex;
  align-items: baseline;
  gap: 8px;
  min-width: 0;

  ${({ theme }) => theme.media.mobile} {
    flex-wrap: wrap;
    gap: 0 8px;
  }
`;

const Kind = styled.span<{ $tone: Tone }>`
  flex: none;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme, $tone }) => toneColors(theme, $tone).fg};
`;

const Detail = styled.span`
  ${oneLine}
  color: ${({ theme }) => theme.colors.text};

  ${({ theme }) => theme.media.mobile} {
    white-space: normal;
  }
`;

const Title = styled(Link)`
  ${oneLine}
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  &:hover { color: ${({ theme }) => theme.colors.up}; }
`;

const Figures = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 2px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Amount = styled.span<{ $sign?: '+' | '-' }>`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme, $sign }) => ($sign === '+' ? theme.colors.up : $sign === '-' ? theme.colors.down : theme.colors.text)};
`;

const When = styled.time`
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  color: ${({ theme }) => theme.colors.textDim};
`;

export type RecentActivityProps = { viewer: RecentActivity_viewer$key };

// Recent Activity is real (purchases, sales, bids both ways, listing reviews).
export function RecentActivity({ viewer }: RecentActivityProps) {
  const v = useFragment(
    graphql`
      fragment RecentActivity_viewer on User {
        recentActivity(limit: 15) {
          id
          kind
          at
          contractId
          contractTitle
          amount
          detail
        }
      }
    `,
    viewer,
  );
  const events = v.recentActivity ?? [];
  return (
    <Panel title="Recent Activity" padding="none" actions={events.length > 0 ? `${events.length} latest` : undefined}>
      {events.length === 0 ? (
        <div style={{ padding: 14 }}>
          <EmptyWithLink
            compact
            icon="chart"
            title="No activity yet"
            description="Purchases, sales, bids and listing reviews appear here as they happen."
            to="/browse"
            label="Browse data"
            size="sm"
            variant="primary"
          />
        </div>
      ) : (
        <List aria-label="Recent activity">
          {events.map((e) => {
            const k = KINDS[e.kind] ?? FALLBACK;
            return (
              <Row key={e.id} data-testid="activity-item" data-kind={e.kind}>
                <Mark $tone={k.tone} aria-hidden="true">
                  <Icon name={k.icon} size={14} />
                </Mark>
                <Body>
                  <Line>
                    <Kind $tone={k.tone}>{k.label}</Kind>
                    <Detail>{e.detail}</Detail>
                  </Line>
                  <Title to={`/contract/${e.contractId}`} title={e.contractTitle}>{e.contractTitle}</Title>
                </Body>
                <Figures>
                  {e.amount != null && (
                    <Amount $sign={k.sign}>
                      {k.sign === '+' ? '+' : k.sign === '-' ? '−' : ''}
                      {formatMoney(e.amount)}
                    </Amount>
                  )}
                  <When dateTime={e.at} title={formatDateTime(e.at)}>
                    {timeAgo(e.at)}
                  </When>
                </Figures>
              </Row>
            );
          })}
        </List>
      )}
    </Panel>
  );
}
