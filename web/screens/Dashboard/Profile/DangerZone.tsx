import { useState } from 'react';
import { graphql, useMutation } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { useFormFields } from '../../../hooks/useFormFields.ts';
import { useSession } from '../../../session/useSession.ts';
import type { DangerZoneDeleteAccountMutation } from '../../../__generated__/DangerZoneDeleteAccountMutation.graphql.ts';
import { readFormProblem } from '../../shared/formProblem.ts';
import { StackForm } from '../../shared/StackForm.tsx';

const Note = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Refusal = styled.p`
  margin: 0;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.colors.downBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.downSoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const WORD = 'DELETE';

const deleteAccountMutation = graphql`
  mutation DangerZoneDeleteAccountMutation($input: DeleteAccountInput!) {
    deleteAccount(input: $input) {
      __typename
      ... on MutationDeleteAccountSuccess {
        data {
          message
        }
      }
      ...formProblem_error @alias(as: "problem")
    }
  }
`;
const EMPTY = { password: '', confirm: '' };

/**
 * The danger zone (issue 25): delete the account after the password and the typed word. What must
 * be settled first (escrow, disputes, listings with buyers, accepted bids) comes back as the
 * server's message and is shown in the dialog.
 */
export function DangerZone() {
  const { toast } = useToast();
  const navigate = useNavigate();
  const { clearSession } = useSession();
  const [commit, inFlight] = useMutation<DangerZoneDeleteAccountMutation>(deleteAccountMutation);
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { values, setValues, errors, setErrors, field, showServerErrors } = useFormFields(EMPTY, { clearOnInput: true });

  const close = () => {
    setOpen(false);
    setValues(EMPTY);
    setErrors({});
    setRefusal(null);
  };

  function confirm() {
    if (inFlight) return;
    const next: typeof errors = {};
    if (!values.password) next.password = 'Password is required';
    if (values.confirm.trim() !== WORD) next.confirm = `Type ${WORD} to confirm`;
    setErrors(next);
    if (Object.keys(next).length) return;
    setRefusal(null);
    commit({
      variables: { input: values },
      onCompleted: ({ deleteAccount: r }) => {
        if (r.__typename === 'MutationDeleteAccountSuccess') {
          clearSession();
          toast({ title: 'Account Deleted', description: r.data?.message ?? 'Your account has been deleted.' });
          navigate('/', { replace: true });
          return;
        }
        const problem = readFormProblem(r.problem);
        if (showServerErrors(problem?.fieldErrors)) return;
        setRefusal(problem?.message ?? 'Your account could not be deleted.');
      },
      onError: (error) => setRefusal(error.message),
    });
  }

  return (
    <Panel title="Danger zone" accent="red">
      <StackForm as="div" $gap={12}>
        <Note>
          Deleting your account signs you out everywhere and erases your name, email, username, picture and password. Payments, invoices, sales,
          reviews, messages and disputes stay for the other party and the law, under “Deleted user”. It cannot be undone.
        </Note>
        <div>
          <Button type="button" variant="danger" onClick={() => setOpen(true)}>
            Delete account…
          </Button>
        </div>
      </StackForm>
      <ConfirmDialog open={open} title="Delete your account?" confirmLabel="Delete my account" variant="danger" busy={inFlight} onConfirm={confirm} onCancel={close}>
        <StackForm
          noValidate
          aria-label="Delete account"
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
        >
          <span>Open escrow, open disputes, listings buyers still use and accepted bids must be settled first.</span>
          {refusal && <Refusal role="alert">{refusal}</Refusal>}
          <PasswordField label="Current password" autoComplete="current-password" {...field('password')} disabled={inFlight} />
          <TextField label={`Type ${WORD} to confirm`} autoComplete="off" spellCheck={false} {...field('confirm')} disabled={inFlight} />
        </StackForm>
      </ConfirmDialog>
    </Panel>
  );
}
