import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import type { ListingStructure_contract$key } from '../../../__generated__/ListingStructure_contract.graphql.ts';
import { formatCount, plural, prettyJson } from '../../../format/format.ts';
import { ListingFacts, NOT_SPECIFIED } from './ListingField.tsx';

/** Fields beside the sample rows on wide screens, one above the other on phones. */
const StructureGrid = styled(ListingFacts).attrs({
  $columns: 'minmax(0, 1fr) minmax(0, 2.2fr)',
  $phoneColumns: 'minmax(0, 1fr)',
  $gap: '12px 18px',
  $phoneGap: '12px 18px',
})``;

// focusable, so the keyboard can scroll a long sample
const Code = styled.pre.attrs({ tabIndex: 0 })`
  max-height: 260px;
  margin: 3px 0 0;
  padding: 10px 12px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.55;
  white-space: pre;
  tab-size: 2;
`;

export type ListingStructureProps = { contract: ListingStructure_contract$key };

/** The listing's data fields and sample rows, as formatted JSON. */
export function ListingStructure({ contract }: ListingStructureProps) {
  const c = useFragment(
    graphql`
      fragment ListingStructure_contract on Contract {
        dataFields
        sampleData
      }
    `,
    contract,
  );
  const sample = Array.isArray(c.sampleData) ? c.sampleData : c.sampleData == null ? [] : [c.sampleData];
  return (
    <StructureGrid>
      <div data-field="Data Fields">
        <dt>Data Fields ({formatCount(c.dataFields.length)})</dt>
        <dd>{c.dataFields.length ? <Code data-testid="data-fields-json">{prettyJson(c.dataFields)}</Code> : NOT_SPECIFIED}</dd>
      </div>
      <div data-field="Sample Data">
        <dt>Sample Data ({plural(sample.length, 'row')})</dt>
        <dd>{sample.length ? <Code data-testid="sample-data-json">{prettyJson(c.sampleData)}</Code> : NOT_SPECIFIED}</dd>
      </div>
    </StructureGrid>
  );
}
