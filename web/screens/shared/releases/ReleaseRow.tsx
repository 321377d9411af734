import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import type { ReleaseRow_release$key } from '../../../__generated__/ReleaseRow_release.graphql.ts';
import { formatBytes, formatCount, formatDate } from '../../../format/format.ts';

// One release of a listing as the contract page, the provider's card and the buyer's library show
// it: version, date, size, records, the schema-change badge, the notes and the diff
// (docs/decisions.md "Issue 26: releases").

const Row = styled.li`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
  padding: 8px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  &:last-child { border-bottom: 0; }
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 10px;
  min-width: 0;
`;

const Version = styled.strong`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textStrong};
  overflow-wrap: anywhere;
`;

const Figures = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
`;

const Notes = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.text};
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Diff = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 2px 12px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  overflow-wrap: anywhere;
`;

const Change = styled.li<{ $tone: 'up' | 'down' | 'amber' }>`
  color: ${({ theme, $tone }) => ($tone === 'up' ? theme.colors.up : $tone === 'down' ? theme.colors.down : theme.colors.amber)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  align-items: center;
`;

const pct = (share: string | null | undefined) => `${Math.round(Number(share ?? 0) * 100)}%`;

export type ReleaseRowProps = {
  release: ReleaseRow_release$key;
  /** what the viewer may do with it (the library: pick it for download) */
  actions?: ReactNode;
};

export function ReleaseRow({ release, actions }: ReleaseRowProps) {
  const r = useFragment(
    graphql`
      fragment ReleaseRow_release on Release {
        version
        publishedAt
        notes
        size
        recordCount
        schemaChange
        schemaChanges { kind name from to }
      }
    `,
    release,
  );
  const changes = r.schemaChanges.map((f) => ({
    key: `${f.kind}:${f.name}`,
    tone: f.kind === 'added' ? ('up' as const) : f.kind === 'nullShareJumped' ? ('amber' as const) : ('down' as const),
    text: f.kind === 'removed' ? `− ${f.name}` : f.kind === 'retyped' ? `${f.name}: ${f.from} → ${f.to}` : f.kind === 'added' ? `+ ${f.name}` : `${f.name} empty ${pct(f.from)} → ${pct(f.to)}`,
  }));
  return (
    <Row data-testid="release" aria-label={`Release ${r.version}`}>
      <Line>
        <Version>v{r.version}</Version>
        <Figures>
          {formatDate(r.publishedAt)}
          {r.size != null && ` · ${formatBytes(r.size)}`}
          {r.recordCount != null && ` · ${formatCount(r.recordCount)} records`}
        </Figures>
        {r.schemaChange && (
          <Badge size="sm" tone="red" data-testid="schema-change">
            schema change
          </Badge>
        )}
        {actions && <Actions>{actions}</Actions>}
      </Line>
      {r.notes && <Notes>{r.notes}</Notes>}
      {changes.length > 0 && (
        <Diff aria-label={`Schema changes in ${r.version}`} data-testid="schema-diff">
          {changes.map((c) => (
            <Change key={c.key} $tone={c.tone}>
              {c.text}
            </Change>
          ))}
        </Diff>
      )}
    </Row>
  );
}

/** The list the rows go in. */
export const ReleaseRows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  min-width: 0;
`;
