import { graphql, useFragment, useMutation } from 'react-relay';
import { useFormFields } from '../../../hooks/useFormFields.ts';
import type { useBillingDetails_viewer$key } from '../../../__generated__/useBillingDetails_viewer.graphql.ts';
import type { useBillingDetailsMutation } from '../../../__generated__/useBillingDetailsMutation.graphql.ts';

// The billing name and address invoices are issued to (docs/decisions.md, "Issue 25: receipts and
// invoices"): asked at checkout and kept in the profile, one form state and one mutation for both.
// The answer is the viewer, so every reader of billingDetails in the store follows.
const mutation = graphql`
  mutation useBillingDetailsMutation($input: BillingDetailsInput!) {
    updateBillingDetails(input: $input) {
      __typename
      ... on MutationUpdateBillingDetailsSuccess {
        data {
          id
          billingDetails {
            name
            address
          }
        }
      }
      ... on ValidationError {
        fieldErrors {
          field
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export type BillingField = 'name' | 'address';

/** The form state of the viewer's billing details, prefilled, and `save` (answers null, or what went wrong). */
export function useBillingDetails(viewer: useBillingDetails_viewer$key | null | undefined) {
  const v = useFragment(
    graphql`
      fragment useBillingDetails_viewer on User {
        id
        billingDetails {
          name
          address
        }
      }
    `,
    viewer ?? null,
  );
  const saved = { name: v?.billingDetails?.name ?? '', address: v?.billingDetails?.address ?? '' };
  const form = useFormFields<BillingField>(saved);
  const [commit, saving] = useMutation<useBillingDetailsMutation>(mutation);
  const changed = form.values.name.trim() !== saved.name || form.values.address.trim() !== saved.address;

  function save(): Promise<string | null> {
    return new Promise((resolve) => {
      commit({
        variables: { input: { name: form.values.name.trim(), address: form.values.address.trim() } },
        onCompleted: ({ updateBillingDetails: r }) => {
          if (r.__typename === 'MutationUpdateBillingDetailsSuccess') return resolve(null);
          if (r.__typename === 'ValidationError') form.showServerErrors(r.fieldErrors);
          resolve(('message' in r && r.message) || 'Your billing details could not be saved');
        },
        onError: (error) => resolve(error.message),
      });
    });
  }

  return { ...form, changed, saving, save, reset: () => (form.setValues(saved), form.setErrors({})) };
}

export type BillingDetailsState = ReturnType<typeof useBillingDetails>;
