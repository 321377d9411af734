import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Panel } from '../../../components/Panel.tsx';
import type { DetailReleases_contract$key } from '../../../__generated__/DetailReleases_contract.graphql.ts';
import { formatCount } from '../../../format/format.ts';
import { ReleaseRow, ReleaseRows } from '../../shared/releases/ReleaseRow.tsx';

const Total = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  color: ${({ theme }) => theme.colors.up};
`;

const More = styled.p`
  margin-top: 8px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
`;

/** The newest releases shown; the REST list (GET /api/contracts/{id}/releases) has them all. */
const SHOWN = 20;

export type DetailReleasesProps = { contract: DetailReleases_contract$key };

/** 'Releases' of a file listing, newest first, with notes and schema diffs; nothing for a link listing. */
export function DetailReleases({ contract }: DetailReleasesProps) {
  const c = useFragment(
    graphql`
      fragment DetailReleases_contract on Contract {
        contractId
        releases(first: 20) {
          totalCount
          edges {
            node {
              id
              ...ReleaseRow_release
            }
          }
        }
      }
    `,
    contract,
  );
  const total = c.releases.totalCount;
  if (total === 0) return null;
  return (
    <Panel title="Releases" data-testid="releases" actions={<Total>RELEASES ({formatCount(total)})</Total>}>
      <ReleaseRows aria-label="Releases">
        {c.releases.edges.map((e) => (
          <ReleaseRow key={e.node.id} release={e.node} />
        ))}
      </ReleaseRows>
      {total > SHOWN && (
        <More>
          The newest {SHOWN} of {formatCount(total)}: <a href={`/api/contracts/${c.contractId}/releases`}>all releases (JSON)</a>
        </More>
      )}
    </Panel>
  );
}
