import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Icon } from '../../../components/Icon.tsx';
import { Stars } from '../../../components/Stars.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import type { ContractProvider_contract$key } from '../../../__generated__/ContractProvider_contract.graphql.ts';
import { plural } from '../../../format/format.ts';
import { mono } from './contractCardParts.ts';

const ProviderLine = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 4px 8px;
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ProviderHead = styled(ProviderLine)`
  flex-wrap: nowrap;
  & > :last-child { flex: none; }
`;

const ProviderBlock = styled.div`
  display: flex;
  flex-direction: column;
  gap: 3px;
  min-width: 0;
`;

/** The provider's name, a link to their public profile. */
const ProviderName = styled(Link)`
  min-width: 0;
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  &:hover { color: ${({ theme }) => theme.colors.textStrong}; text-decoration: underline; }
`;

const Trades = styled.span`
  ${mono}
  color: ${({ theme }) => theme.colors.textDim};
  white-space: nowrap;
`;

const Verified = styled.span`
  ${mono}
  display: inline-flex;
  align-items: center;
  gap: 3px;
  font-size: 9px;
  font-weight: 800;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  color: ${({ theme }) => theme.colors.blue};
`;

export type ContractProviderProps = {
  contract: ContractProvider_contract$key;
  /** 'grid': name and VERIFIED over the rating; 'list': one line with a check mark */
  layout: 'grid' | 'list';
};

/** Who sells the contract: name, verified mark, rating and trades (the header's figure when they log in). */
export function ContractProvider({ contract, layout }: ContractProviderProps) {
  const { provider: p } = useFragment(
    graphql`
      fragment ContractProvider_contract on Contract {
        provider {
          name
          username
          rating
          tradeCount
          isVerifiedProvider
        }
      }
    `,
    contract,
  );
  const profile = `/provider/${encodeURIComponent(p.username)}`;
  const rating = (
    <>
      <Stars rating={p.rating} size={11} showValue />
      {/* one trade count (docs/decisions.md): the same figure as the provider's own header */}
      <Trades data-testid="trade-count">({plural(p.tradeCount, 'trade')})</Trades>
    </>
  );

  if (layout === 'list') {
    return (
      <ProviderLine data-testid="contract-provider">
        <ProviderName to={profile} title={p.name}>{p.name}</ProviderName>
        {p.isVerifiedProvider && (
          <Verified title="Verified provider: passed due diligence">
            <Icon name="check" size={11} strokeWidth={3} />
            <VisuallyHidden>VERIFIED</VisuallyHidden>
          </Verified>
        )}
        {rating}
      </ProviderLine>
    );
  }
  return (
    <ProviderBlock data-testid="contract-provider">
      <ProviderHead>
        <ProviderName to={profile} title={p.name}>{p.name}</ProviderName>
        {p.isVerifiedProvider && (
          <Verified title="Verified provider: passed due diligence">
            <Icon name="check" size={10} strokeWidth={3} />
            VERIFIED
          </Verified>
        )}
      </ProviderHead>
      <ProviderLine>{rating}</ProviderLine>
    </ProviderBlock>
  );
}
