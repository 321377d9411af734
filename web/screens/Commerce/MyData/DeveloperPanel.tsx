import { Suspense } from 'react';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import styled from 'styled-components';
import { Skeleton } from '../../../components/Skeleton.tsx';
import type { DeveloperPanel_purchase$key } from '../../../__generated__/DeveloperPanel_purchase.graphql.ts';
import type { DeveloperPanelQuery as DeveloperPanelQueryType } from '../../../__generated__/DeveloperPanelQuery.graphql.ts';
import { AccessLog } from './AccessLog.tsx';
import { CopyButton } from './CopyButton.tsx';
import { curlExample, keyForExamples, pythonExample } from './libraryRules.ts';

const Wrap = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 4px 12px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};

  dt {
    color: ${({ theme }) => theme.colors.textDim};
    text-transform: uppercase;
    letter-spacing: ${({ theme }) => theme.tracking.label};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    line-height: 18px;
  }
  dd {
    color: ${({ theme }) => theme.colors.textStrong};
    overflow-wrap: anywhere;
    line-height: 18px;
  }
`;

const Example = styled.figure`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin: 0;
  min-width: 0;

  figcaption {
    display: flex;
    align-items: center;
    justify-content: space-between;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    letter-spacing: ${({ theme }) => theme.tracking.label};
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textDim};
  }
  pre {
    margin: 0;
    padding: 8px 10px;
    overflow-x: auto;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    line-height: 1.5;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.panelAlt};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

const Full = styled.div`
  grid-column: 1 / -1;
  min-width: 0;
`;

// The panel loads when the buyer opens it (most never do), so the library's own query stays small:
// the access log of every purchase would make it too costly for the server's query cost limit.
const DeveloperPanelQuery = graphql`
  query DeveloperPanelQuery($id: ID!) {
    node(id: $id) {
      ...DeveloperPanel_purchase @alias(as: "purchase")
    }
  }
`;

export type DeveloperAccessProps = {
  /** the purchase's global id */
  purchaseId: string;
  fullKey: string | null;
  refreshKey: number;
};

/** The developer panel of one purchase, read from the server when opened. */
export function DeveloperAccess({ purchaseId, fullKey, refreshKey }: DeveloperAccessProps) {
  const { node } = useLazyLoadQuery<DeveloperPanelQueryType>(DeveloperPanelQuery, { id: purchaseId }, { fetchPolicy: 'store-and-network' });
  if (!node?.purchase) return null;
  return <DeveloperPanel purchase={node.purchase} fullKey={fullKey} refreshKey={refreshKey} />;
}

export type DeveloperPanelProps = {
  purchase: DeveloperPanel_purchase$key;
  /** the key in full when it was just issued in this visit, else null (only its prefix is known) */
  fullKey: string | null;
  refreshKey: number;
};

/** Streaming the data with the API key: the endpoint, the header, curl and Python, the key's prefix and the access log. */
export function DeveloperPanel({ purchase, fullKey, refreshKey }: DeveloperPanelProps) {
  const p = useFragment(
    graphql`
      fragment DeveloperPanel_purchase on Purchase {
        streamPath
        downloadPath
        apiKeyPrefix
        ...AccessLog_purchase
      }
    `,
    purchase,
  );
  const origin = window.location.origin;
  const key = keyForExamples(fullKey, p.apiKeyPrefix ?? null);
  const curl = curlExample(origin, p.streamPath, key);
  const python = pythonExample(origin, p.streamPath, key);
  return (
    <Wrap data-testid="developer-panel">
      <Full>
        <Facts>
          <dt>Endpoint</dt>
          <dd data-testid="stream-endpoint">GET {p.streamPath}</dd>
          <dt>Header</dt>
          <dd>X-API-Key: {fullKey ? fullKey : '<your key>'}</dd>
          <dt>Download</dt>
          <dd>GET {p.downloadPath} (HTTP Range resumes a broken download)</dd>
          <dt>Key prefix</dt>
          <dd data-testid="api-key-prefix">{p.apiKeyPrefix ? `${p.apiKeyPrefix}…` : 'No key yet: request access'}</dd>
        </Facts>
      </Full>
      <Example>
        <figcaption>
          curl <CopyButton text={curl} label="Copy curl example" />
        </figcaption>
        <pre data-testid="curl-example">{curl}</pre>
      </Example>
      <Example>
        <figcaption>
          Python (requests, NDJSON lines) <CopyButton text={python} label="Copy Python example" />
        </figcaption>
        <pre data-testid="python-example">{python}</pre>
      </Example>
      <Full>
        <Suspense fallback={<Skeleton height={80} />}>
          <AccessLog purchase={p} refreshKey={refreshKey} />
        </Suspense>
      </Full>
    </Wrap>
  );
}
