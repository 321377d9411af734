import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Avatar } from '../../../components/Avatar.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { StatTile } from '../../../components/StatTile.tsx';
import { TileGrid } from '../../../components/TileGrid.tsx';
import type { ProviderHeader_provider$key } from '../../../__generated__/ProviderHeader_provider.graphql.ts';
import { formatCount, noun, plural } from '../../../format/format.ts';

const Top = styled.header`
  display: flex;
  align-items: center;
  gap: 14px;
  margin-bottom: 14px;
  min-width: 0;
`;

const Who = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
`;

const Eyebrow = styled.p`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.wide};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const NameLine = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 6px 10px;
  min-width: 0;
`;

const Name = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  overflow-wrap: anywhere;
`;

const Handle = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
  overflow-wrap: anywhere;
`;

const Verified = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 3px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-weight: 800;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  color: ${({ theme }) => theme.colors.blue};
`;

const Figures = styled(TileGrid)`
  margin-bottom: 18px;
`;

/** The UTC year an account was opened ('2024'), as the contract page's provider card says it. */
function memberYear(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : String(d.getUTCFullYear());
}

/** Who the provider is and their record: the same public figures as the contract page's provider card. */
export function ProviderHeader({ provider }: { provider: ProviderHeader_provider$key }) {
  const p = useFragment(
    graphql`
      fragment ProviderHeader_provider on User {
        name
        username
        profileImage
        isVerifiedProvider
        memberSince
        rating
        reviewCount
        completedSales
        onTimeRecord {
          onTime
          periods
        }
      }
    `,
    provider,
  );
  const onTime = p.onTimeRecord?.periods ? p.onTimeRecord : null;
  return (
    <>
      <Top data-testid="provider-profile-header">
        <Avatar src={p.profileImage} name={p.name} size={56} />
        <Who>
          <Eyebrow>PROVIDER</Eyebrow>
          <NameLine>
            <Name>{p.name}</Name>
            {p.isVerifiedProvider && (
              <Verified title="Verified provider: passed due diligence" data-testid="provider-verified">
                <Icon name="check" size={11} strokeWidth={3} />
                VERIFIED
              </Verified>
            )}
          </NameLine>
          <Handle>@{p.username}</Handle>
        </Who>
      </Top>
      <Figures as="section" aria-label="Provider record" data-testid="provider-figures">
        <StatTile
          label="Rating"
          value={p.rating == null ? '—' : p.rating.toFixed(2)}
          hint={p.rating == null ? 'No reviews yet' : plural(p.reviewCount, 'review')}
          tone={p.rating == null ? 'default' : 'amber'}
        />
        <StatTile label="Completed sales" value={formatCount(p.completedSales)} hint={`paid ${noun(p.completedSales, 'sale')}`} />
        <StatTile label="Member since" value={memberYear(p.memberSince)} />
        <StatTile
          label="On time"
          value={onTime ? `${Math.round((onTime.onTime / onTime.periods) * 100)}%` : '—'}
          hint={onTime ? `${onTime.onTime}/${onTime.periods} update periods` : 'No update promise'}
          tone={onTime ? (onTime.onTime === onTime.periods ? 'green' : 'default') : 'default'}
        />
      </Figures>
    </>
  );
}
