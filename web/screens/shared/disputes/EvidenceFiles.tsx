import { useId, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { formatBytes } from '../../../format/format.ts';
import type { EvidenceRules } from './uploadEvidence.ts';

// Choosing evidence files: a button that opens the file picker (several at once, of the kinds
// taken), and the chosen files with their sizes, each removable before sending.

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const Chosen = styled.ul`
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin: 0;
  padding: 0;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.text};

  li {
    display: flex;
    align-items: center;
    gap: 8px;
    min-width: 0;
  }
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Note = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export type EvidenceFilesProps = { rules: EvidenceRules; files: File[]; onChange: (files: File[]) => void; disabled?: boolean };

export function EvidenceFiles({ rules, files, onChange, disabled = false }: EvidenceFilesProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const mb = Math.round(rules.maxFileBytes / 1024 / 1024);
  return (
    <>
      <Row>
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          accept={rules.accept}
          hidden
          aria-label="Evidence files"
          data-testid="evidence-files"
          onChange={(e) => {
            const picked = Array.from(e.target.files ?? []);
            e.target.value = '';
            onChange([...files, ...picked].slice(0, rules.maxFilesPerSubmission));
          }}
        />
        <Button type="button" variant="secondary" size="sm" icon={<Icon name="upload" size={12} />} disabled={disabled || files.length >= rules.maxFilesPerSubmission} onClick={() => input.current?.click()}>
          Attach files
        </Button>
        <Note>
          {rules.allowed}; up to {rules.maxFilesPerSubmission} files of {mb} MB
        </Note>
      </Row>
      {files.length > 0 && (
        <Chosen aria-label="Files to send">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <span>
                {f.name} · {formatBytes(f.size)}
              </span>
              <Button type="button" variant="ghost" size="sm" disabled={disabled} aria-label={`Remove ${f.name}`} onClick={() => onChange(files.filter((_, j) => j !== i))}>
                <Icon name="x" size={12} />
              </Button>
            </li>
          ))}
        </Chosen>
      )}
    </>
  );
}
