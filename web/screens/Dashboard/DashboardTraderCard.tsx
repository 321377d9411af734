import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Avatar } from '../../components/Avatar.tsx';
import { Stars } from '../../components/Stars.tsx';
import type { DashboardTraderCard_viewer$key } from '../../__generated__/DashboardTraderCard_viewer.graphql.ts';
import { formatCount } from '../../format/format.ts';
import { termList } from '../shared/figureText.ts';
import { oneLine } from '../../theme/text.ts';

const Card = styled.div`
  display: none;
  flex-direction: column;
  gap: 10px;
  padding: 12px;
  background: ${({ theme }) => theme.colors.panel};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  /* on narrow screens the tab bar stands alone; the header's user menu names the trader */
  ${({ theme }) => theme.media.lg} {
    display: flex;
  }
`;

const Who = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  min-width: 0;
`;

const Names = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
`;

const Name = styled.span`
  ${oneLine}
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textStrong};
`;

const Handle = styled.span`
  ${oneLine}
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
`;

const Facts = styled.dl`
  ${termList('auto 1fr', '4px 10px')}
  padding-top: 8px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  dd {
    justify-self: end;
    color: ${({ theme }) => theme.colors.text};
    font-variant-numeric: tabular-nums;
    line-height: 18px;
  }
`;

export type DashboardTraderCardProps = { viewer: DashboardTraderCard_viewer$key };

/** Who is at the desk: avatar, name, handle, rating, trades and membership. */
export function DashboardTraderCard({ viewer }: DashboardTraderCardProps) {
  const v = useFragment(
    graphql`
      fragment DashboardTraderCard_viewer on User {
        name
        username
        profileImage
        rating
        reviewCount
        tradeCount
        memberSince
      }
    `,
    viewer,
  );
  return (
    <Card data-testid="trader-card">
      <Who>
        <Avatar src={v.profileImage} name={v.name} size={36} />
        <Names>
          <Name>{v.name}</Name>
          <Handle>@{v.username}</Handle>
        </Names>
      </Who>
      <Facts>
        <dt>Rating</dt>
        <dd>
          <Stars rating={v.rating ?? null} size={10} showValue={v.rating != null} />
        </dd>
        <dt>Trades</dt>
        <dd>{formatCount(v.tradeCount)}</dd>
        <dt>Member since</dt>
        <dd>{new Date(v.memberSince).getFullYear()}</dd>
      </Facts>
    </Card>
  );
}
