import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Icon } from '../../../components/Icon.tsx';
import type { EvidenceList_dispute$key } from '../../../__generated__/EvidenceList_dispute.graphql.ts';
import { formatBytes, formatDateTime } from '../../../format/format.ts';

// A dispute's evidence, both sides, oldest first: who, when, the statement, the files to download
// (the buyer, the provider and administrators read the same list).

const List = styled.ol`
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: 10px;
  margin: 0;
  padding: 0;
`;

const Entry = styled.li<{ $provider: boolean }>`
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 2px solid ${({ theme, $provider }) => ($provider ? theme.colors.blue : theme.colors.amber)};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.panelAlt};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Statement = styled.p`
  margin: 8px 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.text};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Files = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-top: 8px;
`;

const None = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export type EvidenceListProps = { dispute: EvidenceList_dispute$key };

export function EvidenceList({ dispute }: EvidenceListProps) {
  const d = useFragment(
    graphql`
      fragment EvidenceList_dispute on Dispute {
        evidence {
          evidenceId
          role
          statement
          createdAt
          author {
            name
          }
          files {
            fileId
            fileName
            size
            url
          }
        }
      }
    `,
    dispute,
  );
  if (d.evidence.length === 0) return <None>No evidence yet.</None>;
  return (
    <List aria-label="Evidence" data-testid="evidence-list">
      {d.evidence.map((e) => (
        <Entry key={e.evidenceId} $provider={e.role === 'provider'} data-testid="evidence-entry" data-role={e.role}>
          <Head>
            <Badge size="sm" tone={e.role === 'provider' ? 'blue' : 'amber'}>
              {e.role === 'provider' ? 'Provider' : 'Buyer'}
            </Badge>
            <span>{e.author.name}</span>
            <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
          </Head>
          {e.statement && <Statement>{e.statement}</Statement>}
          {e.files.length > 0 && (
            <Files>
              {e.files.map((f) => (
                <ButtonLink key={f.fileId} to={f.url} reloadDocument download={f.fileName} size="sm" icon={<Icon name="download" size={12} />} data-testid="evidence-file" title={`${f.fileName} · ${formatBytes(f.size)}`}>
                  {f.fileName} · {formatBytes(f.size)}
                </ButtonLink>
              ))}
            </Files>
          )}
        </Entry>
      ))}
    </List>
  );
}
