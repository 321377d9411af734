import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Avatar } from '../../../components/Avatar.tsx';
import { Badge } from '../../../components/Badge.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Stars } from '../../../components/Stars.tsx';
import type { DetailProviderCard_provider$key } from '../../../__generated__/DetailProviderCard_provider.graphql.ts';
import { formatCount, plural, noun } from '../../../format/format.ts';
import { memberYear } from './detailFormat.ts';
import { DetailProviderOnTime } from './DetailProviderOnTime.tsx';

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
`;

const Who = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
`;

const Name = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  overflow-wrap: anywhere;
  a { color: inherit; }
  a:hover { text-decoration: underline; }
`;

const Rating = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const NoReviews = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
`;

const Facts = styled.ul`
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 14px 0 0;
  padding: 12px 0 0;
  border-top: 1px dashed ${({ theme }) => theme.colors.border};

  li {
    display: flex;
    align-items: center;
    gap: 8px;
    font-size: ${({ theme }) => theme.fontSizes.md};
    color: ${({ theme }) => theme.colors.text};
  }
  svg { color: ${({ theme }) => theme.colors.textDim}; }
  b {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.textStrong};
  }
`;

export type DetailProviderCardProps = { provider: DetailProviderCard_provider$key };

/**
 * Who sells the data: rating from real reviews ('No reviews yet' without any,
 * 'Reviews'), verification, membership, and the real number of completed sales instead of the
 * spec's fixed 'Multiple successful contracts': the provider's trades, the same figure as the
 * header's and the cards' (docs/decisions.md, "One trade count").
 */
export function DetailProviderCard({ provider }: DetailProviderCardProps) {
  const p = useFragment(
    graphql`
      fragment DetailProviderCard_provider on User {
        name
        username
        profileImage
        rating
        reviewCount
        completedSales
        isVerifiedProvider
        memberSince
        ...DetailProviderOnTime_provider
      }
    `,
    provider,
  );

  return (
    <Panel title="Provider" data-testid="provider-card">
      <Top>
        <Avatar src={p.profileImage} name={p.name} size={44} />
        <Who>
          <Name>
            {/* the provider's public profile: their record and everything they sell */}
            <Link to={`/provider/${encodeURIComponent(p.username)}`} data-testid="provider-profile-link">
              {p.name}
            </Link>
          </Name>
          <Rating>
            {p.rating == null ? (
              <NoReviews>No reviews yet</NoReviews>
            ) : (
              <>
                <Stars rating={p.rating} showValue size={13} />
                <span>
                  {plural(p.reviewCount, 'review')}
                </span>
              </>
            )}
          </Rating>
        </Who>
      </Top>
      <Facts>
        {p.isVerifiedProvider && (
          <li>
            <Badge tone="green" dot>
              Verified Provider
            </Badge>
          </li>
        )}
        <li>
          <Icon name="user" size={14} />
          <span>Member since {memberYear(p.memberSince)}</span>
        </li>
        <li>
          <Icon name="check" size={14} />
          <span data-testid="provider-completed-sales">
            <b>{formatCount(p.completedSales)}</b> completed {noun(p.completedSales, 'sale')}
          </span>
        </li>
        <DetailProviderOnTime provider={p} />
      </Facts>
    </Panel>
  );
}
