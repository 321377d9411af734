import { Suspense, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import styled from 'styled-components';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import type { PurchaseReleasesQuery } from '../../../__generated__/PurchaseReleasesQuery.graphql.ts';
import { ReleaseRow, ReleaseRows } from '../../shared/releases/ReleaseRow.tsx';
import { monoCaps } from '../../shared/figureText.ts';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { DownloadControl } from './DownloadControl.tsx';
import type { ExternalLinkAnswer } from './downloadData.ts';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  min-width: 0;
`;

const Caption = styled.h4`
  ${monoCaps()}
`;

const Stream = styled.p`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};

  code { overflow-wrap: anywhere; min-width: 0; }
`;

export type PurchaseReleasesProps = {
  /** the purchase's global id */
  id: string;
  title: string;
  onUsed: () => void;
  onLink: (link: ExternalLinkAnswer) => void;
};

/**
 * The releases this purchase includes (docs/decisions.md "Issue 26: releases"), newest first with
 * notes and schema changes; the buyer picks one and the download (and the stream address) take
 * it. A listing without releases downloads as before. Read by its own query: inside the library's
 * page query it would pass the server's depth limit (fragments count as levels).
 */
export function PurchaseReleases(props: PurchaseReleasesProps) {
  return (
    <Suspense fallback={<Skeleton lines={2} />}>
      <Releases {...props} />
    </Suspense>
  );
}

function Releases({ id, title, onUsed, onLink }: PurchaseReleasesProps) {
  const { node: p } = useLazyLoadQuery<PurchaseReleasesQuery>(
    graphql`
      query PurchaseReleasesQuery($id: ID!) {
        node(id: $id) {
          ... on Purchase {
            purchaseId
            downloadPath
            streamPath
            releases {
              id
              version
              downloadPath
              streamPath
              ...ReleaseRow_release
            }
          }
        }
      }
    `,
    { id },
    { fetchPolicy: 'store-and-network' },
  );
  if (!p?.purchaseId || !p.downloadPath || !p.streamPath || !p.releases) return null;
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = p.releases.find((r) => r.version === picked) ?? p.releases[0] ?? null;
  const downloadPath = chosen?.downloadPath ?? p.downloadPath;
  const streamPath = chosen?.streamPath ?? p.streamPath;
  return (
    <Wrap>
      {p.releases.length > 0 && (
        <>
          <Caption>Your releases ({p.releases.length})</Caption>
          <ReleaseRows aria-label={`Releases of ${title}`}>
            {p.releases.map((r) => (
              <ReleaseRow
                key={r.id}
                release={r}
                actions={
                  <Checkbox
                    radio
                    name={`release-${p.purchaseId}`}
                    label={`Release ${r.version}`}
                    checked={chosen?.id === r.id}
                    onChange={() => setPicked(r.version)}
                  />
                }
              />
            ))}
          </ReleaseRows>
        </>
      )}
      {/* a new control per release: a finished download's bar belongs to the release it saved */}
      <DownloadControl key={downloadPath} downloadPath={downloadPath} title={chosen ? `${title} (release ${chosen.version})` : title} onUsed={onUsed} onLink={onLink} />
      {chosen && (
        <Stream>
          <span>Stream</span>
          <code>{streamPath}</code>
          <CopyButton text={streamPath} label={`Copy the stream address of release ${chosen.version}`} />
        </Stream>
      )}
    </Wrap>
  );
}
