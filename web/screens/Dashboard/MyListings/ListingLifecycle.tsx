import { lazy, Suspense, useState } from 'react';
import { graphql, useFragment, useMutation } from 'react-relay';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { ListingLifecycle_contract$key } from '../../../__generated__/ListingLifecycle_contract.graphql.ts';
import type { ListingLifecyclePauseMutation } from '../../../__generated__/ListingLifecyclePauseMutation.graphql.ts';
import type { ListingLifecycleResumeMutation } from '../../../__generated__/ListingLifecycleResumeMutation.graphql.ts';
import type { ListingLifecycleDelistMutation } from '../../../__generated__/ListingLifecycleDelistMutation.graphql.ts';

// The provider's moves of a listing on its card (docs/decisions.md "Issue 26: listings that
// change"): edit it (a dialog loaded when first opened), pause or resume it, delist it (asked
// first). The buttons follow the server's machine (`nextStatuses`).

const EditListingDialog = lazy(() => import('./EditListingDialog.tsx').then((m) => ({ default: m.EditListingDialog })));

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
`;

// what a move reads back: the card's status, figures and buttons
graphql`
  fragment ListingLifecycle_moved on Contract {
    id
    status
    nextStatuses
    ...ListingCard_contract
  }
`;

const pauseMutation = graphql`
  mutation ListingLifecyclePauseMutation($input: ListingMoveInput!) {
    pauseListing(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on MutationPauseListingSuccess {
        data {
          ...ListingLifecycle_moved
        }
      }
    }
  }
`;
const resumeMutation = graphql`
  mutation ListingLifecycleResumeMutation($input: ListingMoveInput!) {
    resumeListing(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on MutationResumeListingSuccess {
        data {
          ...ListingLifecycle_moved
        }
      }
    }
  }
`;
const delistMutation = graphql`
  mutation ListingLifecycleDelistMutation($input: ListingMoveInput!) {
    delistListing(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on MutationDelistListingSuccess {
        data {
          ...ListingLifecycle_moved
          openBidCount
        }
      }
    }
  }
`;

type Answer = { readonly __typename: string; readonly message?: string };

export type ListingLifecycleProps = { contract: ListingLifecycle_contract$key };

/** Edit, Pause / Resume, Delist and "changes in review" for one of the provider's listings. */
export function ListingLifecycle({ contract }: ListingLifecycleProps) {
  const c = useFragment(
    graphql`
      fragment ListingLifecycle_contract on Contract {
        id
        contractId
        title
        status
        nextStatuses
        latestRevision {
          status
          categoryLabel
          rejectionReason
        }
      }
    `,
    contract,
  );
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const live = c.status === 'active' || c.status === 'paused';
  // /dashboard/listings?edit=<id> (the Edit link of the contract page) opens this listing's dialog
  const [editing, setEditing] = useState(() => live && params.get('edit') === c.contractId);
  const [askDelist, setAskDelist] = useState(false);
  const [pause, pausing] = useMutation<ListingLifecyclePauseMutation>(pauseMutation);
  const [resume, resuming] = useMutation<ListingLifecycleResumeMutation>(resumeMutation);
  const [delist, delisting] = useMutation<ListingLifecycleDelistMutation>(delistMutation);
  const busy = pausing || resuming || delisting;
  const can = (status: string) => c.nextStatuses.includes(status as never);

  const settle = (answer: Answer, done: string, title: string) => {
    if (answer.__typename.endsWith('Success')) toast({ title, description: done });
    else toast({ variant: 'destructive', title: 'Could not change the listing', description: answer.message ?? 'Please try again.' });
  };
  const onError = (error: Error) => {
    toast({ variant: 'destructive', title: 'Could not change the listing', description: error.message });
  };
  const input = { contractId: c.id };

  function closeEdit() {
    setEditing(false);
    if (params.has('edit')) {
      params.delete('edit');
      setParams(params, { replace: true });
    }
  }

  const revision = c.latestRevision;
  return (
    <Row>
      {revision?.status === 'pending' && (
        <Badge size="sm" tone="amber" data-testid="changes-in-review" title="Category or delivery changes wait for an administrator; the approved version stays on sale">
          changes in review
        </Badge>
      )}
      {revision?.status === 'rejected' && revision.rejectionReason && (
        <Badge size="sm" tone="red" title={`Changes not approved: ${revision.rejectionReason}`}>
          changes not approved
        </Badge>
      )}
      {live && (
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit ${c.title}`}>
          Edit
        </Button>
      )}
      {c.status === 'pending_review' && (
        <ButtonLink size="sm" variant="secondary" to={`/list-data?edit=${encodeURIComponent(c.contractId)}`} aria-label={`Edit ${c.title}`}>
          Edit
        </ButtonLink>
      )}
      {can('paused') && (
        <Button
          size="sm"
          variant="secondary"
          busy={pausing}
          disabled={busy}
          aria-label={`Pause ${c.title}`}
          onClick={() => pause({ variables: { input }, onCompleted: (r) => settle(r.pauseListing, 'No new sales or bids until you resume it; buyers keep their access.', 'Listing paused'), onError })}
        >
          Pause
        </Button>
      )}
      {c.status === 'paused' && can('active') && (
        <Button
          size="sm"
          variant="primary"
          busy={resuming}
          disabled={busy}
          aria-label={`Resume ${c.title}`}
          onClick={() => resume({ variables: { input }, onCompleted: (r) => settle(r.resumeListing, 'The listing is back on the market.', 'Listing resumed'), onError })}
        >
          Resume
        </Button>
      )}
      {can('delisted') && (
        <Button size="sm" variant="danger" disabled={busy} onClick={() => setAskDelist(true)} aria-label={`Delist ${c.title}`}>
          Delist
        </Button>
      )}
      <ConfirmDialog
        open={askDelist}
        title="Delist this listing?"
        confirmLabel="Delist for good"
        variant="danger"
        busy={delisting}
        onCancel={() => setAskDelist(false)}
        onConfirm={() =>
          delist({
            variables: { input },
            onCompleted: (r) => {
              setAskDelist(false);
              settle(r.delistListing, 'It is no longer sold; buyers keep their access.', 'Listing delisted');
            },
            onError: (e) => {
              setAskDelist(false);
              onError(e);
            },
          })
        }
      >
        <p>
          <strong>{c.title}</strong> stops being sold for good: it cannot be resumed, and its open bids are declined. Buyers keep the access they paid for.
        </p>
        <p>To stop sales for a while instead, pause it.</p>
      </ConfirmDialog>
      {editing && (
        <Suspense fallback={null}>
          <EditListingDialog id={c.id} onClose={closeEdit} />
        </Suspense>
      )}
    </Row>
  );
}
