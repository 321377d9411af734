import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { ProgressBar, type TransferProgress } from '../../../components/ProgressBar.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { DownloadCancelled, downloadData, type DownloadHandle, type ExternalLinkAnswer } from './downloadData.ts';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

const Line = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  flex-wrap: wrap;
`;

const Note = styled.p<{ $error?: boolean }>`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme, $error }) => ($error ? theme.colors.down : theme.colors.textMuted)};
  overflow-wrap: anywhere;
`;

export type DownloadControlProps = {
  downloadPath: string;
  title: string;
  /** a transfer ended (finished, failed or cancelled): the access log has a new row */
  onUsed: () => void;
  /** a link listing answered its link instead of a file */
  onLink: (link: ExternalLinkAnswer) => void;
};

type State =
  | { phase: 'idle' }
  | { phase: 'running'; progress: TransferProgress }
  | { phase: 'done'; progress: TransferProgress; fileName: string }
  | { phase: 'stopped'; message: string; error: boolean };

/** Download with a progress bar (bytes of total, speed, time left) and Cancel; the file is saved under the server's name. */
export function DownloadControl({ downloadPath, title, onUsed, onLink }: DownloadControlProps) {
  const { toast } = useToast();
  const [state, setState] = useState<State>({ phase: 'idle' });
  const handle = useRef<DownloadHandle | null>(null);
  // leaving the page stops a transfer nobody can see any more
  useEffect(() => () => handle.current?.cancel(), []);

  function start() {
    const startedAt = performance.now();
    let last = 0;
    setState({ phase: 'running', progress: { done: 0, total: null, startedAt, now: startedAt } });
    toast({ title: 'Download Started', description: `${title} is downloading.` });
    const h = downloadData(downloadPath, {
      title,
      onProgress: (done, total) => {
        const now = performance.now();
        // a render per ~50 ms is enough for the eye
        if (done !== 0 && total !== done && now - last < 50) return;
        last = now;
        setState({ phase: 'running', progress: { done, total, startedAt, now } });
      },
    });
    handle.current = h;
    h.done
      .then((result) => {
        if (result.kind === 'link') {
          setState({ phase: 'idle' });
          onLink(result.link);
        } else {
          const now = performance.now();
          setState({ phase: 'done', fileName: result.fileName, progress: { done: result.bytes, total: result.bytes, startedAt, now } });
        }
      })
      .catch((error: unknown) => {
        if (error instanceof DownloadCancelled) {
          setState({ phase: 'stopped', message: 'Download cancelled.', error: false });
          return;
        }
        setState({ phase: 'stopped', message: error instanceof Error ? error.message : String(error), error: true });
        toast({ variant: 'destructive', title: 'Download Failed', description: 'Unable to download data. Please try again.' });
      })
      .finally(() => {
        handle.current = null;
        onUsed();
      });
  }

  const running = state.phase === 'running';
  return (
    <Wrap>
      <Line>
        <Button size="sm" variant="primary" icon={<Icon name="download" size={14} />} busy={running} disabled={running} onClick={start}>
          Download
        </Button>
        {running && (
          <Button size="sm" variant="ghost" onClick={() => handle.current?.cancel()}>
            Cancel download
          </Button>
        )}
      </Line>
      {(state.phase === 'running' || state.phase === 'done') && (
        <ProgressBar label={`Download progress of ${title}`} progress={state.progress} finished={state.phase === 'done'} testId="download" />
      )}
      {state.phase === 'done' && <Note data-testid="download-saved">Saved as {state.fileName}</Note>}
      {state.phase === 'stopped' && (
        <Note $error={state.error} role={state.error ? 'alert' : undefined} data-testid="download-stopped">
          {state.message}
        </Note>
      )}
    </Wrap>
  );
}
