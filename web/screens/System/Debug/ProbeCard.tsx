import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { Panel } from '../../../components/Panel.tsx';

export const Json = styled.pre`
  margin: 0;
  padding: 12px;
  max-height: 320px;
  overflow: auto;
  background: ${({ theme }) => theme.colors.bg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

type Probe =
  | { state: 'loading' }
  | { state: 'done'; status: number; ok: boolean; body: string; ms: number }
  | { state: 'failed'; message: string };

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export type ProbeCardProps = { path: string };

/** GETs a health endpoint and shows its status and JSON. */
export function ProbeCard({ path }: ProbeCardProps) {
  const [probe, setProbe] = useState<Probe>({ state: 'loading' });

  const run = useCallback(async (signal?: AbortSignal) => {
    setProbe({ state: 'loading' });
    const started = performance.now();
    try {
      const res = await fetch(path, { credentials: 'same-origin', cache: 'no-store', signal });
      const body = await res.text();
      setProbe({ state: 'done', status: res.status, ok: res.ok, body: pretty(body), ms: Math.round(performance.now() - started) });
    } catch (error) {
      if (signal?.aborted) return;
      setProbe({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }, [path]);

  useEffect(() => {
    const ctrl = new AbortController();
    void run(ctrl.signal);
    return () => ctrl.abort();
  }, [run]);

  const badge =
    probe.state === 'done' ? (
      <Badge tone={probe.ok ? 'green' : 'red'} size="sm">
        {`${probe.status} · ${probe.ms} ms`}
      </Badge>
    ) : probe.state === 'failed' ? (
      <Badge tone="red" size="sm">
        unreachable
      </Badge>
    ) : (
      <Badge size="sm">checking</Badge>
    );

  return (
    <Panel
      title={`GET ${path}`}
      actions={
        <>
          {badge}
          <Button size="sm" variant="ghost" onClick={() => void run()} disabled={probe.state === 'loading'}>
            Refresh
          </Button>
        </>
      }
    >
      <Json data-testid={`probe-${path.replace(/\W/g, '')}`} aria-busy={probe.state === 'loading'}>
        {probe.state === 'done' ? probe.body : probe.state === 'failed' ? probe.message : '…'}
      </Json>
    </Panel>
  );
}
