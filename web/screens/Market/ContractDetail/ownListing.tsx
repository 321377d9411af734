import styled from 'styled-components';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { words } from '../../../format/labels.ts';

// The provider on their own contract page (issue 26): no Buy button they could not use, but what
// the listing is and where to edit it (docs/decisions.md "Issue 26: listings that change").

const Line = styled.p`
  padding: 10px 12px;
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const STATE: Record<string, string> = { pending_review: 'in review', active: 'on the market' };

/** Where the provider edits a listing: the whole form while it is in review, the card's dialog once it is live. */
export function editPath(status: string, contractId: string): string | null {
  const id = encodeURIComponent(contractId);
  if (status === 'pending_review' || status === 'rejected') return `/list-data?edit=${id}`;
  if (status === 'active' || status === 'paused') return `/dashboard/listings?edit=${id}`;
  return null;
}

/** "Your listing · in review" and an Edit link, in place of the Buy button. */
export function OwnListingActions({ status, contractId }: { status: string; contractId: string }) {
  const edit = editPath(status, contractId);
  return (
    <>
      <Line data-testid="own-listing">Your listing · {STATE[status] ?? words(status)}</Line>
      {edit && (
        <ButtonLink to={edit} fullWidth icon={<Icon name="upload" size={14} />}>
          Edit listing
        </ButtonLink>
      )}
    </>
  );
}

/** Why a listing that is not active is not sold, in the buyer's words; null when it is. */
export function notOnSaleNote(status: string): string | null {
  if (status === 'active') return null;
  if (status === 'paused') return 'Paused by its provider: no sales or bids until it resumes. Buyers keep their access.';
  if (status === 'delisted') return 'Delisted by its provider: no longer sold. Buyers keep their access.';
  return `Not open for purchase: this listing is ${words(status)}.`;
}
