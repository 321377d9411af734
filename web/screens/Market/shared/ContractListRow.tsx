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

export const ROW_COLUMNS = '46px minmax(0, 1fr) 50px 40px 58px 66px 112px 140px 118px';

const Row = styled.article`
  display: grid;
  grid-template-columns: 46px minmax(0, 1fr);
  grid-template-areas:
    'ticker main'
    'figures figures'
    'price quote'
    'actions actions';
  gap: 8px 12px;
  align-items: center;
  min-width: 0;
  padding: 10px 12px;
  background: ${({ theme }) => theme.colors.panel};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  transition: background ${({ theme }) => theme.transitions.fast};

  &:hover {
    background: ${({ theme }) => theme.colors.panelAlt};
  }

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: 46px minmax(0, 1fr) 118px 150px;
    grid-template-areas:
      'ticker main price quote'
      'ticker figures figures actions';
  }

  ${({ theme }) => theme.media.xl} {
    grid-template-columns: ${ROW_COLUMNS};
    grid-template-areas: 'ticker main f1 f2 f3 f4 price quote actions';
    gap: 0 12px;
    padding: 9px 12px;
  }
`;

const RowTicker = styled.div`
  grid-area: ticker;
  align-self: start;
  padding-top: 1px;
`;

const RowMain = styled.div`
  grid-area: main;
  display: flex;
  flex-direction: column;
  gap: 3px;
  min-width: 0;
`;

const RowTitle = styled.h3`
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: 600;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const RowMeta = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 3px 8px;
  min-width: 0;
`;

const RowFigures = styled.dl`
  grid-area: figures;
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 8px;
  margin: 0;

  ${({ theme }) => theme.media.xl} {
    /* each figure takes its own column under the list header */
    display: contents;
    ${Figure}:nth-child(1) { grid-area: f1; }
    ${Figure}:nth-child(2) { grid-area: f2; }
    ${Figure}:nth-child(3) { grid-area: f3; }
    ${Figure}:nth-child(4) { grid-area: f4; }
    ${Figure} dt {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
    }
  }
`;

const RowPrice = styled.div`
  grid-area: price;
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;

  ${Price} { font-size: ${({ theme }) => theme.fontSizes.base}; }
  ${({ theme }) => theme.media.sm} {
    align-items: flex-end;
    text-align: right;
  }
`;

export type ContractListRowProps = {
  /** the card's data (ContractCard's fragment); the parts read their own fragments from it */
  c: ContractCard_contract$data;
};

/** A contract as one dense row of the list layout: the same figures as the card. */
export function ContractListRow({ c }: ContractListRowProps) {
  const titleId = useId();
  return (
    <Row aria-labelledby={titleId} data-testid="contract-card" data-layout="list" data-category={c.category}>
      <RowTicker>
        <Ticker data-testid="contract-ticker">{c.ticker}</Ticker>
      </RowTicker>
      <RowMain>
        <RowTitle id={titleId} title={c.title}>
          <TitleLink to={`/contract/${encodeURIComponent(c.contractId)}`}>{c.title}</TitleLink>
        </RowTitle>
        <Description $lines={1}>{c.description}</Description>
        <RowMeta>
          <ContractBadges contract={c} />
          <Freq data-frequency={c.updateFrequency} data-testid="contract-frequency">
            {c.updateFrequency}
          </Freq>
          <ContractProvider contract={c} layout="list" />
          <ContractFreshness c={c} />
        </RowMeta>
      </RowMain>
      <RowFigures>
        <ContractFigures contract={c} />
      </RowFigures>
      <RowPrice>
        <Price data-testid="contract-price">{formatMoney(c.price)}</Price>
        <Model>{words(c.pricingModel)}</Model>
      </RowPrice>
      <ContractQuote contract={c} layout="list" />
      <ContractActions contract={c} layout="list" />
    </Row>
  );
}
