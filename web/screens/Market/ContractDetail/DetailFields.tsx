import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Panel } from '../../../components/Panel.tsx';
import type { DetailFields_contract$key } from '../../../__generated__/DetailFields_contract.graphql.ts';
import { formatCount } from '../../../format/format.ts';

const Chips = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0;
  padding: 0;

  li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    height: 26px;
    padding: 0 10px;
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.raised};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.text};
  }
  li::before {
    content: '';
    width: 5px;
    height: 5px;
    border-radius: 1px;
    background: ${({ theme }) => theme.colors.up};
    opacity: 0.7;
  }
`;

const Total = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  color: ${({ theme }) => theme.colors.up};
`;

const Note = styled.p`
  margin-top: 10px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
`;

const None = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export type DetailFieldsProps = { contract: DetailFields_contract$key };

/** 'Available data fields' with fieldCount as the total. */
export function DetailFields({ contract }: DetailFieldsProps) {
  const c = useFragment(
    graphql`
      fragment DetailFields_contract on Contract {
        fieldCount
        dataFields
      }
    `,
    contract,
  );
  const total = c.fieldCount ?? c.dataFields.length;
  const unlisted = total - c.dataFields.length;

  return (
    <Panel title="Available data fields" data-testid="data-fields" actions={<Total data-testid="field-count">FIELDS ({formatCount(total)})</Total>}>
      {c.dataFields.length === 0 ? (
        <None>The provider has not listed the fields.</None>
      ) : (
        <>
          <Chips aria-label="Data fields">
            {c.dataFields.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </Chips>
          {unlisted > 0 && <Note>and {formatCount(unlisted)} more not listed here</Note>}
        </>
      )}
    </Panel>
  );
}
