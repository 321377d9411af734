import { graphql, useMutation } from 'react-relay';
import type { StartTwoFactorEnrolmentMutation as StartType } from '../../../__generated__/StartTwoFactorEnrolmentMutation.graphql.ts';
import type { ConfirmTwoFactorEnrolmentMutation as ConfirmType } from '../../../__generated__/ConfirmTwoFactorEnrolmentMutation.graphql.ts';
import type { DisableTwoFactorMutation as DisableType } from '../../../__generated__/DisableTwoFactorMutation.graphql.ts';
import type { RegenerateRecoveryCodesMutation as RegenerateType } from '../../../__generated__/RegenerateRecoveryCodesMutation.graphql.ts';

// The two-factor panel's mutations. Its state is not a record of the store: the Security section
// reads it again after each of them. Refusals are told apart by `reason` (a wrong password or code
// lands on its field), so each selection is only its answer and the error's words.

const confirm = graphql`
  mutation ConfirmTwoFactorEnrolmentMutation($input: ConfirmTwoFactorInput!) {
    confirmTwoFactorEnrolment(input: $input) { __typename ... on MutationConfirmTwoFactorEnrolmentSuccess { data { recoveryCodes } } ... on Error { message reason } }
  }
`;
/** Turns two-factor sign-in on with a code and the password; answers the recovery codes once. */
export const useConfirmTwoFactorEnrolmentMutation = () => useMutation<ConfirmType>(confirm);

const disable = graphql`
  mutation DisableTwoFactorMutation($input: DisableTwoFactorInput!) {
    disableTwoFactor(input: $input) { __typename ... on MutationDisableTwoFactorSuccess { data { message } } ... on Error { message reason } }
  }
`;
/** Turns two-factor sign-in off (the password and a code). */
export const useDisableTwoFactorMutation = () => useMutation<DisableType>(disable);

const start = graphql`
  mutation StartTwoFactorEnrolmentMutation {
    startTwoFactorEnrolment { __typename ... on MutationStartTwoFactorEnrolmentSuccess { data { secret qrCodeDataUrl } } ... on Error { message reason } }
  }
`;
/** A new secret for the authenticator app (not in force until confirmed). */
export const useStartTwoFactorEnrolmentMutation = () => useMutation<StartType>(start);

const regenerate = graphql`
  mutation RegenerateRecoveryCodesMutation($input: RegenerateRecoveryCodesInput!) {
    regenerateRecoveryCodes(input: $input) { __typename ... on MutationRegenerateRecoveryCodesSuccess { data { recoveryCodes } } ... on Error { message reason } }
  }
`;
/** New recovery codes (the password); the old ones stop working. */
export const useRegenerateRecoveryCodesMutation = () => useMutation<RegenerateType>(regenerate);

/** Which field a refusal of the two-factor forms belongs to, by its reason; null: the toast says it. */
export function fieldOfReason(reason: string | null | undefined): 'password' | 'code' | null {
  if (reason === 'WRONG_CURRENT_PASSWORD') return 'password';
  if (reason === 'WRONG_TWO_FACTOR_CODE') return 'code';
  return null;
}
