import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import type { ContractActions_contract$key } from '../../../__generated__/ContractActions_contract.graphql.ts';

const CardActions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 8px;
  margin-top: auto;

`;

const RowActions = styled.div`
  grid-area: actions;
  display: flex;
  gap: 6px;
  justify-content: flex-end;
`;

// ---------------------------------------------------------------- component

export type ContractActionsProps = {
  contract: ContractActions_contract$key;
  layout: 'grid' | 'list';
};

/**
 * PREVIEW and BUY, the same two on every card of the market (docs/decisions.md "One way to
 * browse"): links to the contract's page, each named with its title for screen readers.
 */
export function ContractActions({ contract, layout }: ContractActionsProps) {
  const c = useFragment(
    graphql`
      fragment ContractActions_contract on Contract {
        contractId
        title
      }
    `,
    contract,
  );
  const href = `/contract/${encodeURIComponent(c.contractId)}`;
  const grid = layout === 'grid';
  const buttons = (
    <>
      <ButtonLink to={href} size="sm" fullWidth={grid} icon={grid ? <Icon name="eye" size={13} /> : undefined}>
        PREVIEW<VisuallyHidden> {c.title}</VisuallyHidden>
      </ButtonLink>
      <ButtonLink to={href} variant="primary" size="sm" fullWidth={grid}>
        BUY<VisuallyHidden> {c.title}</VisuallyHidden>
      </ButtonLink>
    </>
  );
  return grid ? <CardActions>{buttons}</CardActions> : <RowActions>{buttons}</RowActions>;
}
