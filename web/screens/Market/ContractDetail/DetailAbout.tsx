import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { FactList } from '../../../components/FactList.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { DetailAbout_contract$key } from '../../../__generated__/DetailAbout_contract.graphql.ts';
import { formatDate } from '../../../format/format.ts';

const Text = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.base};
  line-height: 1.65;
  color: ${({ theme }) => theme.colors.text};
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Facts = styled(FactList)`
  margin-top: 14px;
  padding-top: 4px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.sm} {
    dd { font-size: ${({ theme }) => theme.fontSizes.sm}; }
  }
`;

export type DetailAboutProps = { contract: DetailAbout_contract$key };

/** 'Dataset description' with the listing's provenance facts. */
export function DetailAbout({ contract }: DetailAboutProps) {
  const c = useFragment(
    graphql`
      fragment DetailAbout_contract on Contract {
        description
        categoryLabel
        geographicCoverage
        dataSource
        sampleSize
        createdAt
      }
    `,
    contract,
  );
  const facts: [string, string | null | undefined][] = [
    ['Category', c.categoryLabel],
    ['Coverage', c.geographicCoverage],
    ['Source', c.dataSource],
    ['Sample', c.sampleSize],
    ['Listed', formatDate(c.createdAt)],
  ];

  return (
    <Panel title="Dataset description" data-testid="dataset-description">
      <Text>{c.description}</Text>
      <Facts>
        {facts
          .filter((f): f is [string, string] => !!f[1])
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </Facts>
    </Panel>
  );
}
