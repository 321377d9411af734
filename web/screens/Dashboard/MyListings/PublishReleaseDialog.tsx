import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { FileUpload } from '../../shared/upload/FileUpload.tsx';
import type { UploadedFile } from '../../shared/upload/uploadFile.ts';
import { readFormProblem } from '../../shared/formProblem.ts';
import { usePublishReleaseMutation } from './PublishReleaseMutation.ts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 16px 18px;
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.down};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

export type PublishReleaseDialogProps = {
  open: boolean;
  onClose: () => void;
  /** the release is out: the card reads its releases again */
  onPublished: () => void;
  contractId: string;
  title: string;
  /** the version to suggest: the next number after the listing's latest */
  suggestedVersion: string;
};

/** Upload the new file (with progress, checked and profiled like a listing's), a version and notes; publish. */
export function PublishReleaseDialog({ open, onClose, onPublished, contractId, title, suggestedVersion }: PublishReleaseDialogProps) {
  const { toast } = useToast();
  const [commit, publishing] = usePublishReleaseMutation();
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [uploading, setUploading] = useState(false);
  const [version, setVersion] = useState(suggestedVersion);
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<{ message: string | null; fields: Record<string, string> } | null>(null);

  function publish() {
    if (!file) {
      setProblem({ message: null, fields: { fileId: 'Upload the release file first' } });
      return;
    }
    setProblem(null);
    commit({
      variables: { input: { contractId, fileId: file.id, version: version.trim(), notes: notes.trim() || null } },
      onCompleted: ({ publishRelease: r }) => {
        const refused = readFormProblem(r.problem);
        if (r.__typename !== 'MutationPublishReleaseSuccess' || refused) {
          setProblem({ message: refused?.message ?? 'Could not publish the release', fields: Object.fromEntries((refused?.fieldErrors ?? []).map((f) => [f.field, f.message])) });
          return;
        }
        toast({ title: 'Release Published', description: `Release ${r.data?.version ?? version} of ${title} is out; subscribers are told.` });
        setFile(null);
        setNotes('');
        onClose();
        onPublished();
      },
      onError: (error) => setProblem({ message: error.message, fields: {} }),
    });
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Publish release · ${title}`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" busy={publishing} disabled={uploading || publishing} onClick={publish}>
            Publish release
          </Button>
        </>
      }
    >
      <Form
        aria-label={`Publish a release of ${title}`}
        onSubmit={(e) => {
          e.preventDefault();
          publish();
        }}
      >
        <FileUpload value={file} onUploaded={setFile} onRemove={() => setFile(null)} onBusyChange={setUploading} error={problem?.fields.fileId} disabled={publishing} />
        <TextField label="Version" value={version} maxLength={40} onChange={(e) => setVersion(e.target.value)} error={problem?.fields.version} hint="Unique in the listing: letters, digits and . _ - + (e.g. 2026-12, v2.1)" />
        <TextAreaField label="Release notes" rows={4} maxLength={5000} value={notes} onChange={(e) => setNotes(e.target.value)} error={problem?.fields.notes} hint="What changed: new rows, removed or renamed columns, fixes" />
        {problem?.message && <Problem role="alert">{problem.message}</Problem>}
      </Form>
    </Dialog>
  );
}
