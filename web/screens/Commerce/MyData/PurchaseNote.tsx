import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { libraryNote } from './libraryRules.ts';

export const Muted = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};

  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: underline;
    text-underline-offset: 2px;
  }
`;

export type PurchaseNoteProps = {
  hasAccess: boolean;
  refunded: boolean;
  purchaseStatus: string;
  accessExpired: boolean;
  providerName: string;
  contractId: string;
};

/** In place of the download: why there is none, and what the buyer can do. */
export function PurchaseNote({ providerName, contractId, ...p }: PurchaseNoteProps) {
  const note = libraryNote(p);
  return (
    <Muted data-testid="library-note">
      {note === 'provider-delivers' ? (
        `${providerName} delivers this data from their own site: their link and instructions are below.`
      ) : note === 'refunded' ? (
        <>
          Refunded: the money went back to you and this data is no longer available. You can buy it again from <Link to={`/contract/${contractId}`}>the listing</Link>.
        </>
      ) : note === 'payment-pending' ? (
        'The payment is not complete yet.'
      ) : note === 'access-ended' ? (
        'Access ended: renew to use this data again.'
      ) : (
        'No access to this data.'
      )}
    </Muted>
  );
}
