import { graphql, useLazyLoadQuery } from 'react-relay';
import styled from 'styled-components';
import type { ContractSearchResultsQuery as QueryType } from '../../../__generated__/ContractSearchResultsQuery.graphql.ts';
import { formatMoney } from '../../../format/format.ts';
import { oneLine, tickerText } from '../../../theme/text.ts';
import type { ChosenContract } from './chosenContract.ts';

const RESULTS = 8;

// Active contracts only (the contracts query lists what is trading), best match first.
const query = graphql`
  query ContractSearchResultsQuery($first: Int!, $filter: ContractFilter) {
    contracts(first: $first, filter: $filter) {
      totalCount
      edges {
        node {
          id
          contractId
          title
          ticker
          marketPrice
        }
      }
    }
  }
`;

const List = styled.ul`
  && {
    display: flex;
    flex-direction: column;
    max-height: 248px;
    margin: 0;
    padding: 0;
    overflow-y: auto;
    list-style: none;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.bg};
  }
`;

const Option = styled.button`
  display: grid;
  grid-template-columns: 48px minmax(0, 1fr) auto;
  align-items: center;
  gap: 8px;
  width: 100%;
  min-height: 32px;
  padding: 5px 8px;
  border: 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: left;
  cursor: pointer;

  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.hover};
    outline: none;
  }
  &:focus-visible {
    box-shadow: inset 2px 0 0 ${({ theme }) => theme.colors.blue};
  }
  &[aria-pressed='true'] {
    box-shadow: inset 2px 0 0 ${({ theme }) => theme.colors.up};
    background: ${({ theme }) => theme.colors.upSoft};
  }

  .ticker {
    ${tickerText}
    font-size: ${({ theme }) => theme.fontSizes.xxs};
  }
  .title { ${oneLine} }
  .price {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.textStrong};
  }
`;

const Quiet = styled.p`
  padding: 10px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
`;

export type ContractSearchResultsProps = {
  search: string;
  chosenId: string | null;
  onChoose: (contract: ChosenContract) => void;
};

/** The contracts matching the search, each with its ticker and market price; one click chooses it. */
export function ContractSearchResults({ search, chosenId, onChoose }: ContractSearchResultsProps) {
  const data = useLazyLoadQuery<QueryType>(
    query,
    { first: RESULTS, filter: search.trim() ? { search: search.trim() } : null },
    { fetchPolicy: 'store-or-network' },
  );
  const edges = data.contracts.edges;
  if (edges.length === 0) {
    return <Quiet role="status">{search.trim() ? `No active contract matches “${search.trim()}”` : 'No contracts are trading yet'}</Quiet>;
  }
  return (
    <List aria-label="Matching contracts" data-testid="contract-results">
      {edges.map(({ node }) => (
        <li key={node.id}>
          <Option
            type="button"
            aria-pressed={node.id === chosenId}
            // named by what it shows (ticker, title, price), so a voice command saying what is seen finds it
            onClick={() => onChoose({ id: node.id, contractId: node.contractId, title: node.title, ticker: node.ticker, marketPrice: node.marketPrice })}
          >
            <span className="ticker">{node.ticker}</span>{' '}
            <span className="title" title={node.title}>
              {node.title}
            </span>{' '}
            <span className="price">{formatMoney(node.marketPrice)}</span>
          </Option>
        </li>
      ))}
    </List>
  );
}
