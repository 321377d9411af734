import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { FieldError, FieldLabel } from '../../../components/fieldStyles.ts';
import { Icon } from '../../../components/Icon.tsx';
import { ProgressBar } from '../../../components/ProgressBar.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { formatBytes } from '../../../format/format.ts';
import { DataProfileTable } from './DataProfileTable.tsx';
import { ACCEPT, ALLOWED_EXTENSIONS, checkFile, UploadCancelled, uploadFile, type UploadedFile, type UploadHandle } from './uploadFile.ts';
import { framedStack } from '../boxStyles.ts';
import { monoCaps } from '../figureText.ts';
import { oneLine } from '../../../theme/text.ts';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  min-width: 0;
`;

const Zone = styled.div<{ $active: boolean; $invalid: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  padding: 22px 16px;
  text-align: center;
  border: 1px dashed ${({ theme, $invalid }) => ($invalid ? theme.colors.down : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};
  transition:
    border-color ${({ theme }) => theme.transitions.fast},
    background ${({ theme }) => theme.transitions.fast};

  ${({ $active, theme }) =>
    $active &&
    css`
      border-color: ${theme.colors.up};
      background: ${theme.colors.upSoft};
    `}

  p {
    font-size: ${({ theme }) => theme.fontSizes.md};
    color: ${({ theme }) => theme.colors.text};
  }
  small {
    ${monoCaps()}
  }
`;

const Mark = styled.span`
  display: grid;
  place-items: center;
  width: 36px;
  height: 36px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.panelAlt};
  color: ${({ theme }) => theme.colors.up};
`;

const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  pointer-events: none;
`;

/** A file buyers can download but not stream as rows (the server's row limits). */
const StreamNote = styled.p`
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.colors.amberBorder};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.amberSoft};
  color: ${({ theme }) => theme.colors.amber};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const Card = styled.div`
  ${framedStack(10, '12px')}
`;

const FileRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
`;

const FileName = styled.div`
  flex: 1 1 220px;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;

  strong {
    ${oneLine}
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.md};
    color: ${({ theme }) => theme.colors.textStrong};
  }
  span {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textDim};
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
`;

type Progress = { sent: number; total: number; startedAt: number; now: number };

type Phase = 'idle' | 'uploading' | 'processing';

export type FileUploadProps = {
  /** the file the listing carries (uploaded here, or the listing's file when editing) */
  value: UploadedFile | null;
  onUploaded: (file: UploadedFile) => void;
  onRemove: () => void;
  /** true while bytes are on their way (the listing cannot be sent meanwhile) */
  onBusyChange: (busy: boolean) => void;
  error?: string;
  disabled?: boolean;
};

/**
 * Choose or drop the data file; it is checked in the browser (type, 500 MB), then sent with a
 * progress bar (percent, bytes, speed, time left) and a Cancel button; the stored file shows its
 * name, size, sha256 and, for CSV/JSON, the profile the server read from it.
 */
export function FileUpload({ value, onUploaded, onRemove, onBusyChange, error, disabled = false }: FileUploadProps) {
  const { toast } = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const handle = useRef<UploadHandle | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [current, setCurrent] = useState<{ name: string; size: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // the progress bar stays (at 100%) under a file uploaded in this visit
  const [uploadedHere, setUploadedHere] = useState<string | null>(null);

  // leaving the page cancels an upload in flight
  useEffect(() => () => handle.current?.abort(), []);

  function start(file: File) {
    if (disabled || phase !== 'idle') return;
    setFailure(null);
    const problem = checkFile(file);
    if (problem) {
      setFailure(`${problem.title}: ${problem.description}`);
      toast({ variant: 'destructive', title: problem.title, description: problem.description });
      return;
    }
    const startedAt = performance.now();
    setCurrent({ name: file.name, size: file.size });
    setProgress({ sent: 0, total: file.size, startedAt, now: startedAt });
    setPhase('uploading');
    onBusyChange(true);
    const h = uploadFile(
      file,
      (sent, total) => setProgress({ sent, total, startedAt, now: performance.now() }),
      () => setPhase('processing'),
    );
    handle.current = h;
    h.promise
      .then((stored) => {
        setProgress((p) => (p ? { ...p, sent: p.total, now: performance.now() } : p));
        setUploadedHere(stored.id);
        onUploaded(stored);
        toast({ title: 'File Uploaded', description: `${stored.fileName} (${formatBytes(stored.size)}) is stored.` });
      })
      .catch((e: unknown) => {
        setProgress(null);
        if (e instanceof UploadCancelled) {
          setFailure('Upload cancelled.');
          return;
        }
        const message = e instanceof Error ? e.message : 'Upload failed';
        setFailure(message);
        toast({ variant: 'destructive', title: 'Upload Failed', description: message });
      })
      .finally(() => {
        handle.current = null;
        setPhase('idle');
        onBusyChange(false);
        if (inputRef.current) inputRef.current.value = '';
      });
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files?.[0];
    if (file) start(file);
  }

  const busy = phase !== 'idle';
  const showProgress = busy || (value != null && uploadedHere === value.id && progress != null);
  const p = progress;
  const progressBlock = showProgress && p && (
    <ProgressBar
      label="Upload progress"
      testId="upload"
      progress={{ done: p.sent, total: p.total, startedAt: p.startedAt, now: p.now }}
      finished={!busy}
      status={phase === 'processing' ? 'checking file…' : undefined}
    />
  );

  const input = (
    <HiddenInput
      ref={inputRef}
      type="file"
      accept={ACCEPT}
      aria-label="Data file"
      data-testid="file-input"
      tabIndex={-1}
      onChange={(e) => {
        const file = e.target.files?.[0];
        if (file) start(file);
      }}
    />
  );

  return (
    <Wrap data-testid="file-upload">
      <FieldLabel as="span">Data file</FieldLabel>
      {input}
      {busy && current ? (
        <Card aria-busy="true">
          <FileLine icon="upload" name={current.name} detail={phase === 'processing' ? 'Sent · the server checks and profiles the file' : `Uploading ${formatBytes(current.size)}`}>
            <Button size="sm" variant="danger" onClick={() => handle.current?.abort()} disabled={phase === 'processing'}>
              Cancel
            </Button>
          </FileLine>
          {progressBlock}
        </Card>
      ) : value ? (
        <Card data-testid="uploaded-file">
          <FileLine
            icon="check"
            name={value.fileName}
            detail={
              <>
                {formatBytes(value.size)} · sha256{' '}
                <abbr title={value.sha256} data-testid="file-sha256">
                  {value.sha256.slice(0, 12)}…{value.sha256.slice(-6)}
                </abbr>
              </>
            }
          >
            <Actions>
              <Button size="sm" onClick={() => inputRef.current?.click()} disabled={disabled}>
                Replace
              </Button>
              <Button size="sm" variant="ghost" onClick={onRemove} disabled={disabled}>
                Remove
              </Button>
            </Actions>
          </FileLine>
          {progressBlock}
          {value.profile?.notStreamable && (
            <StreamNote role="note" data-testid="not-streamable">
              {value.profile.notStreamable.message}. Buyers can download this file, but not stream it as rows.
            </StreamNote>
          )}
          {value.profile && value.profile.fields.length > 0 && <DataProfileTable profile={value.profile} />}
        </Card>
      ) : (
        <Zone
          $active={dragging}
          $invalid={Boolean(error)}
          data-testid="drop-zone"
          onDragOver={(e) => {
            e.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <Mark aria-hidden="true">
            <Icon name="upload" size={18} />
          </Mark>
          <p>Drag & drop your data file here, or</p>
          <Button size="sm" variant="primary" onClick={() => inputRef.current?.click()} disabled={disabled}>
            Choose file
          </Button>
          <small>{ALLOWED_EXTENSIONS.join(' · ')} · max 500 MB</small>
        </Zone>
      )}
      {failure && (
        <FieldError role="alert" data-testid="upload-error">
          {failure}
        </FieldError>
      )}
      {error && error !== failure && !busy && (
        <FieldError role="alert" data-testid="upload-required">
          {error}
        </FieldError>
      )}
    </Wrap>
  );
}

/** A file's line in the upload card: a mark, its name (whole on hover) over a detail, and its buttons. */
function FileLine({ icon, name, detail, children }: { icon: 'upload' | 'check'; name: string; detail: ReactNode; children: ReactNode }) {
  return (
    <FileRow>
      <Mark aria-hidden="true">
        <Icon name={icon} size={16} />
      </Mark>
      <FileName>
        <strong title={name}>{name}</strong>
        <span>{detail}</span>
      </FileName>
      {children}
    </FileRow>
  );
}
