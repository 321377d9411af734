import { useState, type FormEvent } from 'react';
import { graphql, useFragment, useMutation } from 'react-relay';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { formatDate } from '../../../format/format.ts';
import type { ListingFreshness_contract$key } from '../../../__generated__/ListingFreshness_contract.graphql.ts';
import type { ListingFreshnessConfirmMutation } from '../../../__generated__/ListingFreshnessConfirmMutation.graphql.ts';
import { readFormProblem } from '../../shared/formProblem.ts';

// The freshness promise on the provider's own listing (docs/decisions.md "Issue 26: the freshness
// promise"): "delayed since" when the next release is overdue, and for a link listing on sale the
// "Confirm update" action: the platform cannot see the data behind a link change, the provider says it did.

const confirmMutation = graphql`
  mutation ListingFreshnessConfirmMutation($input: ConfirmListingUpdateInput!) {
    confirmListingUpdate(input: $input) {
      __typename
      ... on MutationConfirmListingUpdateSuccess {
        data {
          version
          contract {
            ...ListingFreshness_contract
          }
        }
      }
      ...formProblem_error @alias(as: "problem")
    }
  }
`;

export function ListingFreshness({ contract }: { contract: ListingFreshness_contract$key }) {
  const c = useFragment(
    graphql`
      fragment ListingFreshness_contract on Contract {
        contractId
        title
        status
        dataAccessType
        delayedSince
        onTimeRecord {
          onTime
          periods
        }
      }
    `,
    contract,
  );
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [commit, confirming] = useMutation<ListingFreshnessConfirmMutation>(confirmMutation);
  const confirmable = c.status === 'active' && c.dataAccessType === 'external_link';

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (confirming) return;
    if (!note.trim()) return setError('Say what was updated');
    commit({
      variables: { input: { contractId: c.contractId, note: note.trim() } },
      onCompleted: ({ confirmListingUpdate: r }) => {
        if (r.__typename === 'MutationConfirmListingUpdateSuccess') {
          setOpen(false);
          setNote('');
          toast({ title: 'Update Confirmed', description: `"${c.title}" counts as updated now.` });
          return;
        }
        const problem = readFormProblem(r.problem);
        setError(problem?.fieldErrors[0]?.message ?? problem?.message ?? 'Please try again.');
      },
      onError: (err) => setError(err.message),
    });
  }

  const r = c.onTimeRecord;
  return (
    <>
      {c.delayedSince ? (
        <Badge size="sm" tone="red" dot data-testid="listing-delayed">
          Delayed since {formatDate(c.delayedSince)}
        </Badge>
      ) : r?.periods ? (
        <Badge size="sm" tone={r.onTime === r.periods ? 'green' : 'amber'} data-testid="listing-on-time">
          {r.onTime}/{r.periods} on time
        </Badge>
      ) : null}
      {confirmable && (
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`Confirm update of ${c.title}`}>
          Confirm update
        </Button>
      )}
      {confirmable && (
        <Dialog open={open} onClose={() => setOpen(false)} title="Confirm an update" width={480}>
          <form onSubmit={submit} noValidate>
            <TextAreaField
              label="What was updated"
              hint="Buyers see this note; it counts as a release for the listing's freshness promise."
              value={note}
              maxLength={2000}
              error={error}
              onChange={(e) => {
                setNote(e.target.value);
                setError(null);
              }}
            />
            <Button type="submit" variant="primary" busy={confirming} style={{ marginTop: 12 }}>
              Confirm update
            </Button>
          </form>
        </Dialog>
      )}
    </>
  );
}
