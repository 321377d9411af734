import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { FactList } from '../../../components/FactList.tsx';
import { Button } from '../../../components/Button.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { toneColors } from '../../../theme/theme.ts';
import type { DetailTradeCard_contract$key } from '../../../__generated__/DetailTradeCard_contract.graphql.ts';
import { formatCount, formatMoney } from '../../../format/format.ts';
import { words } from '../../../format/labels.ts';
import { notOnSaleNote, OwnListingActions } from './ownListing.tsx';

const Price = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  margin-bottom: 10px;
`;

const Amount = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 30px;
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  letter-spacing: -0.01em;
  line-height: 1.1;
  color: ${({ theme }) => theme.colors.textStrong};
`;

const Model = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const BidLabel = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.wide};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.blue};
`;

const ListPrice = styled.s`
  margin-right: 8px;
  color: ${({ theme }) => theme.colors.textDim};
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin-top: 14px;
`;

const Note = styled.p`
  display: flex;
  align-items: flex-start;
  gap: 8px;
  margin-top: 12px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textDim};

  svg { margin-top: 1px; color: ${({ theme }) => theme.colors.up}; }
`;

const Notice = styled.p<{ $tone: 'amber' | 'blue' }>`
  margin-top: 10px;
  padding: 8px 10px;
  border: 1px solid ${({ theme, $tone }) => toneColors(theme, $tone).border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme, $tone }) => toneColors(theme, $tone).bg};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme, $tone }) => toneColors(theme, $tone).fg};
`;

export type DetailTradeCardProps = { contract: DetailTradeCard_contract$key };

const BUY_LABEL = 'BUY NOW - SECURE ESCROW';

/**
 * The side card: price (a winning bidder's accepted bid instead of the list price), records, update frequency, format, delivery, and the ways to trade.
 * (BUY NOW goes to /payment/{id}, disabled unless the contract is active;
 * 'Contact Provider' opens messaging about this contract).
 */
export function DetailTradeCard({ contract }: DetailTradeCardProps) {
  const c = useFragment(
    graphql`
      fragment DetailTradeCard_contract on Contract {
        contractId
        status
        price
        pricingModel
        recordCount
        updateFrequency
        dataFormat
        deliveryMethod
        viewerIsProvider
        viewerQuote {
          price
          fromAcceptedBid
        }
      }
    `,
    contract,
  );
  const active = c.status === 'active';
  // a winning bidder pays their accepted bid, not the list price (the server's quote says which)
  const wonBid = c.viewerQuote?.fromAcceptedBid === true;
  // a provider does not buy their own listing
  const canBuy = active && !c.viewerIsProvider;

  return (
    <Panel title="Trade" accent="green" data-testid="trade-card">
      <Price>
        {wonBid && <BidLabel>Your accepted bid</BidLabel>}
        <Amount data-testid="trade-price">{formatMoney(wonBid ? c.viewerQuote!.price : c.price)}</Amount>
        <Model>
          {wonBid && (
            <ListPrice data-testid="trade-list-price">
              <VisuallyHidden>List price </VisuallyHidden>
              {formatMoney(c.price)}
            </ListPrice>
          )}
          {words(c.pricingModel)}
        </Model>
      </Price>
      <FactList>
        <div>
          <dt>Records</dt>
          <dd>{formatCount(c.recordCount)}</dd>
        </div>
        <div>
          <dt>Update frequency</dt>
          <dd>{words(c.updateFrequency)}</dd>
        </div>
        <div>
          <dt>Format</dt>
          <dd>{c.dataFormat.toUpperCase()}</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{c.deliveryMethod ? words(c.deliveryMethod) : '—'}</dd>
        </div>
      </FactList>
      <Actions>
        {c.viewerIsProvider ? (
          <OwnListingActions status={c.status} contractId={c.contractId} />
        ) : canBuy ? (
          <ButtonLink to={`/payment/${c.contractId}`} variant="primary" size="lg" fullWidth icon={<Icon name="lock" size={14} />}>
            {BUY_LABEL}
          </ButtonLink>
        ) : (
          <Button variant="primary" size="lg" fullWidth disabled icon={<Icon name="lock" size={14} />}>
            {BUY_LABEL}
          </Button>
        )}
        {!c.viewerIsProvider && (
          <ButtonLink to={`/messaging?contract=${encodeURIComponent(c.contractId)}`} fullWidth icon={<Icon name="mail" size={14} />}>
            Contact Provider
          </ButtonLink>
        )}
        {active && (
          <ButtonLink to={`/trading?contract=${encodeURIComponent(c.contractId)}`} fullWidth icon={<Icon name="chart" size={14} />}>
            Trade This Contract
          </ButtonLink>
        )}
      </Actions>
      {!active && (
        <Notice $tone="amber" role="note" data-testid="not-on-sale">
          {notOnSaleNote(c.status)}
        </Notice>
      )}
      {wonBid && active && (
        <Notice $tone="blue" role="note">
          The provider accepted your bid: BUY NOW pays {formatMoney(c.viewerQuote!.price)} instead of the list price.
        </Notice>
      )}
      {active && c.viewerIsProvider && (
        <Notice $tone="blue" role="note">
          This is your listing; buyers see BUY NOW here.
        </Notice>
      )}
      <Note>
        <Icon name="lock" size={12} />
        <span>Paid into escrow; you get the data at once and have 24 hours to dispute. A 2.5% payment processing fee is added at checkout.</span>
      </Note>
    </Panel>
  );
}
