import { useTransition, type FormEvent } from 'react';
import { graphql, useMutation, useRefetchableFragment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { looksLikeEmail, useFormFields } from '../../../hooks/useFormFields.ts';
import { formatDateTime } from '../../../format/format.ts';
import type { ChangeEmailPanel_query$key } from '../../../__generated__/ChangeEmailPanel_query.graphql.ts';
import type { ChangeEmailPanelRefetchQuery } from '../../../__generated__/ChangeEmailPanelRefetchQuery.graphql.ts';
import type { ChangeEmailPanelRequestMutation } from '../../../__generated__/ChangeEmailPanelRequestMutation.graphql.ts';
import type { ChangeEmailPanelCancelMutation } from '../../../__generated__/ChangeEmailPanelCancelMutation.graphql.ts';
import { readFormProblem } from '../../shared/formProblem.ts';
import { StackForm } from '../../shared/StackForm.tsx';

const Note = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  strong {
    font-family: ${({ theme }) => theme.fonts.mono};
    color: ${({ theme }) => theme.colors.textStrong};
    overflow-wrap: anywhere;
  }
`;

const Pending = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 10px;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-left: 2px solid ${({ theme }) => theme.colors.amber};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};
`;

const EMPTY = { newEmail: '', password: '' };

// The pending change is not a record of the store: the panel reads it again after each mutation.
const requestMutation = graphql`
  mutation ChangeEmailPanelRequestMutation($input: RequestEmailChangeInput!) {
    requestEmailChange(input: $input) {
      __typename
      ... on MutationRequestEmailChangeSuccess {
        data {
          message
        }
      }
      ...formProblem_error @alias(as: "problem")
    }
  }
`;

const cancelMutation = graphql`
  mutation ChangeEmailPanelCancelMutation {
    cancelEmailChange {
      __typename
    }
  }
`;

/**
 * Change email (issue 25): the new address and the password; a link goes to the new address and
 * the change waits for it, shown here with a way to withdraw it.
 */
export function ChangeEmailPanel({ query }: { query: ChangeEmailPanel_query$key }) {
  const [data, refetch] = useRefetchableFragment<ChangeEmailPanelRefetchQuery, ChangeEmailPanel_query$key>(
    graphql`
      fragment ChangeEmailPanel_query on Query @refetchable(queryName: "ChangeEmailPanelRefetchQuery") {
        viewer {
          email
        }
        viewerPendingEmailChange {
          newEmail
          expiresAt
        }
      }
    `,
    query,
  );
  const { toast } = useToast();
  const [commitRequest, requesting] = useMutation<ChangeEmailPanelRequestMutation>(requestMutation);
  const [commitCancel, cancelling] = useMutation<ChangeEmailPanelCancelMutation>(cancelMutation);
  const [, startTransition] = useTransition();
  const { values, setValues, errors, setErrors, field, showServerErrors } = useFormFields(EMPTY, { clearOnInput: true });
  const pending = data.viewerPendingEmailChange;
  const refresh = () =>
    startTransition(() => {
      refetch({}, { fetchPolicy: 'network-only' });
    });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (requesting) return;
    const next: typeof errors = {};
    if (!looksLikeEmail(values.newEmail)) next.newEmail = 'Please enter a valid email address';
    if (!values.password) next.password = 'Password is required';
    setErrors(next);
    if (Object.keys(next).length) return;
    commitRequest({
      variables: { input: { newEmail: values.newEmail.trim(), password: values.password } },
      onCompleted: ({ requestEmailChange: r }) => {
        if (r.__typename === 'MutationRequestEmailChangeSuccess') {
          setValues(EMPTY);
          toast({ title: 'Check Your New Inbox', description: r.data?.message ?? 'We sent a confirmation link.' });
          refresh();
          return;
        }
        const problem = readFormProblem(r.problem);
        if (showServerErrors(problem?.fieldErrors)) return;
        toast({ variant: 'destructive', title: 'Email Not Changed', description: problem?.message ?? 'Please try again.' });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Email Not Changed', description: error.message });
      },
    });
  }

  function cancel() {
    commitCancel({
      variables: {},
      onCompleted: ({ cancelEmailChange: r }) => {
        if (r.__typename === 'MutationCancelEmailChangeSuccess') toast({ title: 'Change Cancelled', description: 'Your email stays as it is.' });
        else toast({ variant: 'destructive', title: 'Not Cancelled', description: 'Please sign in again.' });
        refresh();
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Not Cancelled', description: error.message });
      },
    });
  }

  return (
    <Panel title="Email">
      <StackForm onSubmit={submit} noValidate aria-label="Change email">
        <Note>
          Your email is <strong>{data.viewer?.email ?? '—'}</strong>. A new one takes effect once you open the link we mail to it; your current
          address is told.
        </Note>
        {pending && (
          <Pending data-testid="pending-email-change">
            <Note>
              Waiting for confirmation: <strong>{pending.newEmail}</strong>
              <br />
              Link valid until {formatDateTime(pending.expiresAt)}
            </Note>
            <Button type="button" variant="ghost" size="sm" onClick={cancel} busy={cancelling}>
              Cancel change
            </Button>
          </Pending>
        )}
        <TextField label="New email" type="email" autoComplete="email" inputMode="email" spellCheck={false} {...field('newEmail')} disabled={requesting} />
        <PasswordField label="Current password" autoComplete="current-password" {...field('password')} disabled={requesting} />
        <div>
          <Button type="submit" variant="primary" busy={requesting}>
            {requesting ? 'Sending…' : 'Send confirmation link'}
          </Button>
        </div>
      </StackForm>
    </Panel>
  );
}
