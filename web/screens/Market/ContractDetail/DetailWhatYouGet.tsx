import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Fact, FactsGrid } from '../../../components/FactsGrid.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { DetailWhatYouGet_contract$key } from '../../../__generated__/DetailWhatYouGet_contract.graphql.ts';
import { formatBytes, formatCount, formatDate } from '../../../format/format.ts';

// What a buyer gets, before paying (docs/decisions.md "Issue 26: before paying"): the latest
// release's size, records and sha256 (to check the download against), the field dictionary, and
// the sample rows as a free download in CSV or JSON (never the file).

const Facts = styled(FactsGrid).attrs({ $min: 130, $mono: true, $strong: true })`
  margin-bottom: 14px;
`;

const Hash = styled.code`
  display: block;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

const Scroll = styled.div`
  overflow-x: auto;
  overscroll-behavior-x: contain;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};

  &:focus-visible { outline-offset: -2px; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;

  th,
  td {
    padding: 6px 10px;
    text-align: left;
    white-space: nowrap;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th {
    background: ${({ theme }) => theme.colors.panelAlt};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    letter-spacing: ${({ theme }) => theme.tracking.label};
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textDim};
  }
  td { color: ${({ theme }) => theme.colors.text}; }
  td.name { color: ${({ theme }) => theme.colors.textStrong}; }
  td.num { text-align: right; }
  td.dim { color: ${({ theme }) => theme.colors.textDim}; }
  td.examples { max-width: 320px; overflow: hidden; text-overflow: ellipsis; }
  tbody tr:last-child td { border-bottom: 0; }
`;

const Downloads = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 12px;
`;

const Note = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const share = (n: number | null | undefined) => (n == null ? '—' : `${(n * 100).toFixed(n > 0 && n < 0.01 ? 2 : 1)}%`);

export type DetailWhatYouGetProps = { contract: DetailWhatYouGet_contract$key };

/** 'What you get': the latest release's facts, the field dictionary, the sample as CSV or JSON. */
export function DetailWhatYouGet({ contract }: DetailWhatYouGetProps) {
  const c = useFragment(
    graphql`
      fragment DetailWhatYouGet_contract on Contract {
        contractId
        recordCount
        latestRelease {
          version
          publishedAt
          size
          sha256
          recordCount
        }
        fieldDictionary {
          name
          type
          nullShare
          examples
        }
      }
    `,
    contract,
  );
  const release = c.latestRelease;
  const records = release?.recordCount ?? c.recordCount;
  const sample = (format: 'csv' | 'json') => `/api/contracts/${encodeURIComponent(c.contractId)}/sample?format=${format}`;

  return (
    <Panel title="What you get" data-testid="what-you-get">
      <Facts>
        <Fact label="Release">{release ? `${release.version} · ${formatDate(release.publishedAt)}` : '—'}</Fact>
        <Fact label="File size">
          <span data-testid="release-size">{release?.size != null ? formatBytes(release.size) : '—'}</span>
        </Fact>
        <Fact label="Records">
          <span data-testid="release-records">{records != null ? formatCount(records) : '—'}</span>
        </Fact>
        <Fact label="SHA-256" wide>
          <Hash data-testid="release-sha256" title="Check the downloaded file against it: sha256sum FILE">
            {release?.sha256 ?? 'Published with the first release of a file'}
          </Hash>
        </Fact>
      </Facts>
      {c.fieldDictionary.length === 0 ? (
        <Note>The provider has not described the fields.</Note>
      ) : (
        <Scroll tabIndex={0} role="region" aria-label="Field dictionary">
          <Table data-testid="field-dictionary">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Type</th>
                <th scope="col">Null</th>
                <th scope="col">Examples</th>
              </tr>
            </thead>
            <tbody>
              {c.fieldDictionary.map((f) => (
                <tr key={f.name}>
                  <td className="name">{f.name}</td>
                  <td className={f.type ? undefined : 'dim'}>{f.type ?? '—'}</td>
                  <td className={f.nullShare == null ? 'num dim' : 'num'}>{share(f.nullShare)}</td>
                  <td className={f.examples.length ? 'examples' : 'examples dim'} title={f.examples.join(' · ')}>
                    {f.examples.length ? f.examples.join(' · ') : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
      )}
      <Downloads>
        <ButtonLink to={sample('csv')} reloadDocument download size="sm" icon={<Icon name="download" size={12} />} data-testid="sample-csv">
          Download sample CSV
        </ButtonLink>
        <ButtonLink to={sample('json')} reloadDocument download size="sm" icon={<Icon name="download" size={12} />} data-testid="sample-json">
          Download sample JSON
        </ButtonLink>
      </Downloads>
    </Panel>
  );
}
