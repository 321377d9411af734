import { Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import styled from 'styled-components';
import { RangeButton, RangeSwitch } from '../../../components/RangeSwitch.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import type { DeveloperPanel_purchase$key } from '../../../__generated__/DeveloperPanel_purchase.graphql.ts';
import type { DeveloperPanelQuery as DeveloperPanelQueryType } from '../../../__generated__/DeveloperPanelQuery.graphql.ts';
import { AccessLog } from './AccessLog.tsx';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { keyForExamples } from './libraryRules.ts';
import { dataExample, downloadFileName, EXAMPLE_LANGUAGES, LANGUAGE_LABELS, type ExampleAction, type ExampleLanguage, type ExampleTarget } from './dataExamples.ts';
import { monoCaps, termList } from '../../shared/figureText.ts';

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
  ${termList('max-content minmax(0, 1fr)', '4px 12px')}

  dd {
    color: ${({ theme }) => theme.colors.textStrong};
    overflow-wrap: anywhere;
    line-height: 18px;
  }

  a {
    color: ${({ theme }) => theme.colors.amber};
    text-decoration: underline;
    text-underline-offset: 2px;
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
    ${monoCaps()}
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

/** Getting the data with the API key: the endpoints, the header, examples to copy, the key's prefix and the access log. */
export function DeveloperPanel({ purchase, fullKey, refreshKey }: DeveloperPanelProps) {
  const p = useFragment(
    graphql`
      fragment DeveloperPanel_purchase on Purchase {
        streamPath
        downloadPath
        apiKeyPrefix
        contract {
          dataFormat
          dataAccessType
        }
        ...AccessLog_purchase
      }
    `,
    purchase,
  );
  const target: ExampleTarget = {
    origin: window.location.origin,
    downloadPath: p.downloadPath,
    streamPath: p.streamPath,
    apiKey: keyForExamples(fullKey, p.apiKeyPrefix ?? null),
    fileName: downloadFileName(p.contract?.dataFormat),
  };
  // A listing delivered only by the provider's link has no file here: its calls answer the link.
  const byLink = p.contract?.dataAccessType === 'external_link';
  const actions: ExampleAction[] = byLink ? ['link'] : ['download', 'stream'];
  return (
    <Wrap data-testid="developer-panel">
      <Full>
        <Facts>
          {byLink ? (
            <>
              <dt>Delivery</dt>
              <dd>By the provider’s own link (above). Your key opens this marketplace’s calls only, not the provider’s site.</dd>
              <dt>Endpoint</dt>
              <dd data-testid="link-endpoint">GET {p.downloadPath}: the provider’s link and instructions (JSON)</dd>
            </>
          ) : (
            <>
              <dt>Endpoint</dt>
              <dd data-testid="stream-endpoint">GET {p.streamPath}</dd>
            </>
          )}
          <dt>Header</dt>
          <dd>X-API-Key: {fullKey ? fullKey : '<your key>'}</dd>
          {!byLink && (
            <>
              <dt>Download</dt>
              <dd>GET {p.downloadPath} (HTTP Range with If-Range resumes a broken download)</dd>
            </>
          )}
          <dt>Key prefix</dt>
          <dd data-testid="api-key-prefix">{p.apiKeyPrefix ? `${p.apiKeyPrefix}…` : 'No key yet: Issue API key'}</dd>
          <dt>Reference</dt>
          <dd>
            <a href="/api/docs" data-testid="api-reference-link">REST API reference</a> (OpenAPI: /api/openapi.json)
          </dd>
        </Facts>
      </Full>
      <Full>
        <Examples target={target} actions={actions} />
      </Full>
      <Full>
        <Suspense fallback={<Skeleton height={80} />}>
          <AccessLog purchase={p} refreshKey={refreshKey} />
        </Suspense>
      </Full>
    </Wrap>
  );
}

const Tabs = styled(RangeSwitch)`
  margin-bottom: 8px;
`;

// One example under the other: the download script is too wide to share a row.
const ExampleGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;
`;

const CAPTIONS: Record<ExampleAction, string> = {
  download: 'Download (run again to resume)',
  stream: 'Stream (NDJSON, a row per line)',
  link: 'The provider’s link and instructions (JSON)',
};

/** curl, Python and JavaScript, as tabs (WAI-ARIA tabs: arrow keys move between them); each shows the examples that fit the listing. */
function Examples({ target, actions }: { target: ExampleTarget; actions: ExampleAction[] }) {
  const [language, setLanguage] = useState<ExampleLanguage>('curl');
  const id = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const at = EXAMPLE_LANGUAGES.indexOf(language);
    const next = event.key === 'ArrowRight' ? at + 1 : event.key === 'ArrowLeft' ? at - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? -1 : null;
    if (next === null) return;
    event.preventDefault();
    const chosen = EXAMPLE_LANGUAGES.at(next % EXAMPLE_LANGUAGES.length)!;
    setLanguage(chosen);
    tabs.current[EXAMPLE_LANGUAGES.indexOf(chosen)]?.focus();
  };
  const label = LANGUAGE_LABELS[language];
  return (
    <>
      <Tabs role="tablist" aria-label="Example language" onKeyDown={onKeyDown}>
        {EXAMPLE_LANGUAGES.map((l, i) => (
          <RangeButton
            key={l}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${l}`}
            aria-selected={l === language}
            aria-controls={`${id}-panel`}
            tabIndex={l === language ? 0 : -1}
            onClick={() => setLanguage(l)}
          >
            {LANGUAGE_LABELS[l]}
          </RangeButton>
        ))}
      </Tabs>
      <ExampleGrid role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${language}`}>
        {actions.map((action) => {
          const code = dataExample(language, action, target);
          return (
            <Example key={action}>
              <figcaption>
                {CAPTIONS[action]} <CopyButton text={code} label={`Copy ${label} ${action} example`} />
              </figcaption>
              <pre data-testid={`example-${language}-${action}`}>{code}</pre>
            </Example>
          );
        })}
      </ExampleGrid>
    </>
  );
}
