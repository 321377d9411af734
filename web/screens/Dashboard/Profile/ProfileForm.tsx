import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { ProfileGrid } from './ProfileGrid.tsx';
import { Avatar } from '../../../components/Avatar.tsx';
import { Button } from '../../../components/Button.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Stars } from '../../../components/Stars.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { useFormFields } from '../../../hooks/useFormFields.ts';
import { useSession } from '../../../session/useSession.ts';
import type { ProfileForm_viewer$key } from '../../../__generated__/ProfileForm_viewer.graphql.ts';
import { formatCount, formatDate } from '../../../format/format.ts';
import { useUpdateProfileMutation } from './UpdateProfileMutation.ts';
import { labelText, oneLine } from '../../../theme/text.ts';
import { monoCaps } from '../../shared/figureText.ts';
import { StackForm } from '../../shared/StackForm.tsx';
import { readFormProblem } from '../../shared/formProblem.ts';
import { AvatarUpload } from './AvatarUpload.tsx';

const Preview = styled.div`
  display: flex;
  align-items: center;
  gap: 14px;
  padding: 12px;
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};
`;

const PreviewText = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;

  strong {
    ${oneLine}
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: ${({ theme }) => theme.colors.textStrong};
  }
  span {
    ${monoCaps()}
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  dt,
  dd {
    padding: 8px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  dt {
    padding-right: 16px;
    ${labelText}
    line-height: 18px;
  }
  dd {
    text-align: right;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
  }
  dt:last-of-type,
  dd:last-of-type {
    border-bottom: 0;
  }
`;

type Errors = Partial<Record<'name' | 'profileImage', string>>;

const IMAGE_URL = /^https?:\/\/\S+$/i;

/** Checks made before sending; the server checks again (and its messages are shown too). */
function check(name: string, profileImage: string): Errors {
  const errors: Errors = {};
  if (!name.trim()) errors.name = 'Name is required';
  const image = profileImage.trim();
  if (image && !IMAGE_URL.test(image)) errors.profileImage = 'Profile image must be an http(s) address';
  return errors;
}

export type ProfileFormProps = { viewer: ProfileForm_viewer$key };

/** Name and profile image with a live avatar preview; read-only account facts beside them. */
export function ProfileForm({ viewer }: ProfileFormProps) {
  const v = useFragment(
    graphql`
      fragment ProfileForm_viewer on User {
        name
        username
        email
        profileImage
        avatarUrl
        rating
        reviewCount
        tradeCount
        memberSince
      }
    `,
    viewer,
  );
  const { toast } = useToast();
  const { refreshSession } = useSession();
  const [commit, inFlight] = useUpdateProfileMutation();

  // An uploaded picture is not an address to edit: the field stays empty and typing one replaces it.
  const savedAddress = v.avatarUrl ? '' : (v.profileImage ?? '');
  const { values, setValues, setErrors, errors, field, showServerErrors } = useFormFields({ name: v.name, profileImage: savedAddress });
  const { name, profileImage } = values;
  const [refreshing, setRefreshing] = useState(false);
  const busy = inFlight || refreshing;
  const changed = name !== v.name || profileImage !== savedAddress;

  const previewImage = IMAGE_URL.test(profileImage.trim()) ? profileImage.trim() : profileImage.trim() ? null : v.avatarUrl;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const next = check(name, profileImage);
    setErrors(next);
    if (Object.keys(next).length) return;

    commit({
      // Left out, the uploaded picture stays.
      variables: { input: { name: name.trim(), profileImage: v.avatarUrl && !profileImage.trim() ? undefined : profileImage.trim() } },
      onCompleted: ({ updateProfile: r }) => {
        if (r.__typename === 'MutationUpdateProfileSuccess') {
          setValues({ name: r.data?.name ?? name.trim(), profileImage: r.data?.avatarUrl ? '' : (r.data?.profileImage ?? '') });
          toast({ title: 'Profile Updated', description: 'Your name and picture are saved.' });
          // the session's viewer (name for the whole app) is read again
          setRefreshing(true);
          refreshSession()
            .catch((error: unknown) => console.warn('Could not refresh the session', error))
            .finally(() => setRefreshing(false));
          return;
        }
        const problem = readFormProblem(r.problem);
        if (showServerErrors(problem?.fieldErrors)) return;
        toast({ variant: 'destructive', title: 'Update Failed', description: problem?.message || 'Your profile could not be saved.' });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Update Failed', description: error.message });
      },
    });
  }

  function reset() {
    setValues({ name: v.name, profileImage: savedAddress });
    setErrors({});
  }

  return (
    <ProfileGrid $wider="first">
      <Panel title="Public profile">
        <StackForm onSubmit={submit} noValidate aria-label="Profile">
          <Preview data-testid="avatar-preview">
            <Avatar src={previewImage} name={name.trim() || v.name} size={64} />
            <PreviewText>
              <strong>{name.trim() || v.name}</strong>
              <span>Preview · @{v.username}</span>
            </PreviewText>
          </Preview>
          <AvatarUpload hasPicture={Boolean(v.profileImage)} disabled={busy} onChanged={() => setValues((s) => ({ ...s, profileImage: '' }))} />
          <TextField
            label="Name"
            autoComplete="name"
            {...field('name')}
            disabled={busy}
            required
          />
          <TextField
            label="Profile image URL"
            type="url"
            inputMode="url"
            placeholder="https://…"
            autoComplete="photo"
            spellCheck={false}
            {...field('profileImage')}
            hint={v.avatarUrl ? 'Showing your uploaded picture; an http(s) address here replaces it.' : 'An http(s) address of an image, or upload one above; leave empty to show your initials.'}
            disabled={busy}
          />
          <Buttons>
            <Button type="submit" variant="primary" busy={busy} disabled={!changed && !busy}>
              {busy ? 'Saving…' : 'Save profile'}
            </Button>
            <Button type="button" variant="ghost" onClick={reset} disabled={!changed || busy}>
              Reset
            </Button>
          </Buttons>
        </StackForm>
      </Panel>
      <Panel title="Account">
        <Facts>
          <dt>Username</dt>
          <dd>@{v.username}</dd>
          <dt>Email</dt>
          <dd>{v.email ?? '—'}</dd>
          <dt>Member since</dt>
          <dd>{formatDate(v.memberSince)}</dd>
          <dt>Rating</dt>
          <dd>
            <Stars rating={v.rating ?? null} showValue={v.rating != null} reviewCount={v.rating != null ? v.reviewCount : undefined} />
          </dd>
          <dt>Trades</dt>
          <dd>{formatCount(v.tradeCount)}</dd>
        </Facts>
      </Panel>
    </ProfileGrid>
  );
}
