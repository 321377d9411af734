import { useRef, useState, type ChangeEvent } from 'react';
import { fetchQuery, graphql, useMutation, useRelayEnvironment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { AvatarUploadViewerQuery } from '../../../__generated__/AvatarUploadViewerQuery.graphql.ts';
import type { AvatarUploadRemoveMutation } from '../../../__generated__/AvatarUploadRemoveMutation.graphql.ts';

// The picture's bytes go to POST /api/profile/avatar (multipart); the server checks them again (on
// their content, not their name) and cuts them to a 256 px square (docs/decisions.md "Issue 25:
// account settings").
const MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/png', 'image/jpeg', 'image/webp'];

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const Hint = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

// After an upload the viewer's picture is read again: the header and this page show the new one.
const viewerPicture = graphql`
  query AvatarUploadViewerQuery {
    viewer {
      id
      profileImage
      avatarUrl
    }
  }
`;

// The answer updates the viewer's record in the store: the header follows.
const removeMutation = graphql`
  mutation AvatarUploadRemoveMutation {
    removeAvatar {
      __typename
      ... on MutationRemoveAvatarSuccess {
        data {
          id
          profileImage
          avatarUrl
        }
      }
    }
  }
`;

/** Upload a picture, or remove the current one. `onChanged` lets the form clear its address field. */
export function AvatarUpload({ hasPicture, onChanged, disabled }: { hasPicture: boolean; onChanged: () => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const environment = useRelayEnvironment();
  const { toast } = useToast();
  const [uploading, setUploading] = useState(false);
  const [commitRemove, removing] = useMutation<AvatarUploadRemoveMutation>(removeMutation);
  const fail = (description: string) => {
    toast({ variant: 'destructive', title: 'Picture Not Saved', description });
  };

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!TYPES.includes(file.type)) return fail('Choose a PNG, JPEG or WebP image.');
    if (file.size > MAX_BYTES) return fail('The image is too large: at most 5 MB.');
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const res = await fetch('/api/profile/avatar', { method: 'POST', body: form, credentials: 'same-origin', headers: { accept: 'application/json' } });
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      if (res.status !== 201) return fail(body?.message ?? `Upload failed (${res.status})`);
      await fetchQuery<AvatarUploadViewerQuery>(environment, viewerPicture, {}, { fetchPolicy: 'network-only' }).toPromise();
      onChanged();
      toast({ title: 'Picture Updated', description: 'Your new picture shows everywhere.' });
    } catch {
      fail('The upload did not reach the server. Check your connection and try again.');
    } finally {
      setUploading(false);
    }
  }

  function remove() {
    commitRemove({
      variables: {},
      onCompleted: ({ removeAvatar: r }) => {
        if (r.__typename !== 'MutationRemoveAvatarSuccess') return fail('Please try again.');
        onChanged();
        toast({ title: 'Picture Removed', description: 'Your initials show instead.' });
      },
      onError: (error) => fail(error.message),
    });
  }

  return (
    <Row>
      <input ref={input} type="file" accept={TYPES.join(',')} hidden onChange={upload} aria-label="Picture file" data-testid="avatar-file" />
      <Button type="button" variant="secondary" size="sm" busy={uploading} disabled={disabled || removing} onClick={() => input.current?.click()}>
        {uploading ? 'Uploading…' : 'Upload picture'}
      </Button>
      {hasPicture && (
        <Button type="button" variant="ghost" size="sm" busy={removing} disabled={disabled || uploading} onClick={remove}>
          Remove picture
        </Button>
      )}
      <Hint>PNG, JPEG or WebP · up to 5 MB</Hint>
    </Row>
  );
}
