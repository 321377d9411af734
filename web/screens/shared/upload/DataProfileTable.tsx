import styled from 'styled-components';
import { formatCount } from '../../../format/format.ts';
import type { DataProfile } from './uploadFile.ts';
import { labelText } from '../../../theme/text.ts';
import { monoCaps } from '../figureText.ts';

const Wrap = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
`;

const Caption = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 4px 12px;
  padding: 7px 10px;
  background: ${({ theme }) => theme.colors.panelAlt};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${monoCaps({ colour: 'textMuted', weight: 700 })}

  b {
    color: ${({ theme }) => theme.colors.textStrong};
  }
`;

const Scroll = styled.div`
  max-height: 260px;
  overflow: auto;
`;

const Table = styled.table`
  font-size: ${({ theme }) => theme.fontSizes.sm};

  th,
  td {
    padding: 5px 10px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    white-space: nowrap;
  }
  tr:last-child td {
    border-bottom: 0;
  }
  th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.colors.panel};
    ${labelText}
  }
  td {
    font-family: ${({ theme }) => theme.fonts.mono};
    color: ${({ theme }) => theme.colors.text};
  }
  td.name {
    max-width: 260px;
    overflow: hidden;
    text-overflow: ellipsis;
    color: ${({ theme }) => theme.colors.textStrong};
  }
  td.type {
    color: ${({ theme }) => theme.colors.blue};
  }
  .num {
    text-align: right;
  }
  td.high {
    color: ${({ theme }) => theme.colors.amber};
  }
`;

const pct = (share: number) => `${(share * 100).toFixed(share > 0 && share < 0.001 ? 2 : 1)}%`;

/** What the server read from a CSV/JSON upload: records, and per field its type and share of nulls. */
export function DataProfileTable({ profile }: { profile: DataProfile }) {
  return (
    <Wrap data-testid="data-profile">
      <Caption>
        <span>File profile</span>
        <span>
          <b>{formatCount(profile.recordCount)}</b> records · <b>{profile.fields.length}</b> fields
        </span>
      </Caption>
      <Scroll>
        <Table aria-label="File profile">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Type</th>
              <th scope="col" className="num">
                Null %
              </th>
            </tr>
          </thead>
          <tbody>
            {profile.fields.map((f) => (
              <tr key={f.name}>
                <td className="name" title={f.name}>
                  {f.name}
                </td>
                <td className="type">{f.type}</td>
                <td className={`num${f.nullShare >= 0.2 ? ' high' : ''}`}>{pct(f.nullShare)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Scroll>
    </Wrap>
  );
}
