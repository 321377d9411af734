import { useId } from 'react';
import styled from 'styled-components';
import type { ContractCard_contract$data } from '../../../__generated__/ContractCard_contract.graphql.ts';
import { formatMoney } from '../../../format/format.ts';
import { words } from '../../../format/labels.ts';
import { ContractActions } from './ContractActions.tsx';
import { ContractBadges } from './ContractBadges.tsx';
import { ContractFigures } from './ContractFigures.tsx';
import { ContractFreshness } from './ContractFreshness.tsx';
import { ContractProvider } from './ContractProvider.tsx';
import { ContractQuote } from './ContractQuote.tsx';
import { Description, Figure, Freq, Model, Price, Ticker, TitleLink } from './contractCardParts.ts';
import { surface } from '../../../theme/text.ts';

const Card = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 10px;
  min-width: 0;
  padding: 12px 14px 14px;
  ${surface}
  content-visibility: auto;
  contain-intrinsic-size: auto 330px;
  transition:
    border-color ${({ theme }) => theme.transitions.fast},
    background ${({ theme }) => theme.transitions.fast};

  &:hover {
    border-color: ${({ theme }) => theme.colors.borderStrong};
    background: #0e141b;
  }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
  min-width: 0;
`;

const Badges = styled.div`
  display: flex;
  align-items: center;
  gap: 5px;
  min-width: 0;
  overflow: hidden;
`;

const TopRight = styled.div`
  margin-left: auto;
  padding-left: 6px;
`;

const CardTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.base};
  font-weight: 600;
  line-height: 1.3;
  min-height: calc(1.3em * 2);
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  overflow: hidden;
`;

const PriceRow = styled.div`
  display: flex;
  align-items: baseline;
  flex-wrap: wrap;
  gap: 2px 8px;

  ${Price} { font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  margin: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.bg};

  ${Figure} {
    padding: 7px 8px;
  }
  ${Figure} + ${Figure} {
    border-left: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

export type ContractGridCardProps = {
  /** the card's data (ContractCard's fragment); the parts read their own fragments from it */
  c: ContractCard_contract$data;
};

/** A contract as a card of the grid layout. */
export function ContractGridCard({ c }: ContractGridCardProps) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} data-testid="contract-card" data-layout="grid" data-category={c.category}>
      <Top>
        <Ticker data-testid="contract-ticker">{c.ticker}</Ticker>
        <Badges>
          <ContractBadges contract={c} />
        </Badges>
        <TopRight>
          <Freq data-frequency={c.updateFrequency} data-testid="contract-frequency">
            {c.updateFrequency}
          </Freq>
        </TopRight>
      </Top>
      <CardTitle id={titleId} title={c.title}>
        <TitleLink to={`/contract/${encodeURIComponent(c.contractId)}`}>{c.title}</TitleLink>
      </CardTitle>
      <PriceRow>
        <Price data-testid="contract-price">{formatMoney(c.price)}</Price>
        <Model>{words(c.pricingModel)}</Model>
      </PriceRow>
      <Description $lines={2}>{c.description}</Description>
      <ContractFreshness c={c} />
      <Figures>
        <ContractFigures contract={c} />
      </Figures>
      <ContractProvider contract={c} layout="grid" />
      <ContractQuote contract={c} layout="grid" />
      <ContractActions contract={c} layout="grid" />
    </Card>
  );
}
