import { useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { ConnectionHandler } from 'relay-runtime';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FigureCells } from '../../../components/FigureCells.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { useSession } from '../../../session/useSession.ts';
import type { DetailBidTicket_contract$key } from '../../../__generated__/DetailBidTicket_contract.graphql.ts';
import { formatMoney } from '../../../format/format.ts';
import { FAR_ABOVE_LIST_MULTIPLE, farAboveList } from './bidRules.ts';
import { parseBidAmount } from './detailFormat.ts';
import { ORDER_BOOK_CONNECTION } from './DetailOrderBook.tsx';
import { useDetailPlaceBidMutation } from './DetailPlaceBidMutation.ts';
import { notOnSaleNote } from './ownListing.tsx';

const MAX_MESSAGE = 1000;

const Intro = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Quote = styled(FigureCells)`
  margin: 0 0 12px;
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const Row = styled.div`
  display: flex;
  gap: 8px;

  > * { flex: 1; }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

export type DetailBidTicketProps = { contract: DetailBidTicket_contract$key };

type Errors = { amount?: string; message?: string };

/** A bid waiting for the buyer's yes: its amount and how many times the list price it is. */
type FarAbove = { amount: string; multiple: number };

/**
 * The bid form (logged-in users other than the provider bid on active
 * contracts). On success the form closes and clears and the list refreshes; the amount is
 * parsed as a decimal; the toast says 'Bid Submitted' or 'Bid Failed'. A bid far above the list
 * price (bidRules.ts) is placed only once the buyer confirms it.
 */
export function DetailBidTicket({ contract }: DetailBidTicketProps) {
  const c = useFragment(
    graphql`
      fragment DetailBidTicket_contract on Contract {
        id
        contractId
        status
        price
        marketPrice
        highestBid
        viewerIsProvider
      }
    `,
    contract,
  );
  const { viewer } = useSession();
  const { toast } = useToast();
  const [commit, inFlight] = useDetailPlaceBidMutation();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [farAbove, setFarAbove] = useState<FarAbove | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);

  const quote = (
    <Quote>
      <div>
        <dt>Highest bid</dt>
        <dd className="bid">{c.highestBid != null ? formatMoney(c.highestBid) : '—'}</dd>
      </div>
      <div>
        <dt>Market</dt>
        <dd>{formatMoney(c.marketPrice)}</dd>
      </div>
    </Quote>
  );

  let body;
  if (!viewer) {
    body = (
      <Stack>
        <Intro>Make the provider an offer. Everyone sees the amount; only the provider sees who you are and your message.</Intro>
        <ButtonLink to={`/auth/login?next=${encodeURIComponent(`/contract/${c.contractId}`)}`} variant="secondary" fullWidth icon={<Icon name="user" size={14} />}>
          Log in to bid
        </ButtonLink>
      </Stack>
    );
  } else if (c.viewerIsProvider) {
    body = <Intro>This is your listing. Accept or decline the open bids in the order book.</Intro>;
  } else if (c.status !== 'active') {
    body = <Intro>{c.status === 'paused' || c.status === 'delisted' ? notOnSaleNote(c.status) : 'Bidding opens when the listing is active.'}</Intro>;
  } else if (!open) {
    body = (
      <Button
        variant="secondary"
        fullWidth
        icon={<Icon name="plus" size={14} />}
        aria-expanded={false}
        onClick={() => {
          setOpen(true);
          // focus the amount once the form is on screen
          requestAnimationFrame(() => amountRef.current?.focus());
        }}
      >
        Make a bid
      </Button>
    );
  } else {
    body = (
      <Form onSubmit={submit} noValidate aria-label="Place a bid">
        <TextField
          ref={amountRef}
          label="Bid amount (USD)"
          name="amount"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          placeholder="0.00"
          leading="$"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount}
          disabled={inFlight}
          required
        />
        <TextAreaField
          label="Message (optional)"
          name="message"
          rows={3}
          maxLength={MAX_MESSAGE}
          placeholder="Tell the provider what you need the data for"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          error={errors.message}
          disabled={inFlight}
        />
        <Row>
          <Button type="button" variant="ghost" onClick={close} disabled={inFlight}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" busy={inFlight}>
            PLACE BID
          </Button>
        </Row>
      </Form>
    );
  }

  function close() {
    setOpen(false);
    setAmount('');
    setMessage('');
    setErrors({});
  }

  function fail(description: string | null | undefined) {
    toast({ variant: 'destructive', title: 'Bid Failed', description: description || 'Failed to submit bid' });
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight) return;
    const parsed = parseBidAmount(amount);
    const next: Errors = {};
    if (!amount.trim()) next.amount = 'Enter a bid amount';
    else if (!parsed) next.amount = 'Enter a positive amount with at most two decimals';
    if (message.length > MAX_MESSAGE) next.message = `Message must be at most ${MAX_MESSAGE} characters`;
    setErrors(next);
    if (next.amount || next.message || !parsed) {
      amountRef.current?.focus();
      return;
    }
    const multiple = farAboveList(parsed, c.price);
    if (multiple !== null) {
      setFarAbove({ amount: parsed, multiple });
      return;
    }
    place(parsed);
  }

  function changeAmount() {
    setFarAbove(null);
    // after the dialog has handed focus back to the button that opened it
    requestAnimationFrame(() => amountRef.current?.select());
  }

  function place(bidAmount: string) {
    commit({
      variables: {
        input: { contractId: c.id, amount: bidAmount, message: message.trim() || null },
        connections: [ConnectionHandler.getConnectionID(c.id, ORDER_BOOK_CONNECTION)],
      },
      onCompleted: ({ placeBid: result }) => {
        setFarAbove(null);
        if (result.__typename === 'MutationPlaceBidSuccess') {
          toast({ title: 'Bid Submitted', description: 'Your bid has been submitted to the data provider.' });
          close();
          return;
        }
        fail(result.message);
      },
      onError: (error) => {
        setFarAbove(null);
        fail(error.message);
      },
    });
  }

  return (
    <Panel title="Bid" data-testid="bid-ticket">
      {quote}
      {body}
      <ConfirmDialog
        open={farAbove !== null}
        title="Bid far above the list price"
        confirmLabel={farAbove ? `Place bid of ${formatMoney(farAbove.amount)}` : 'Place bid'}
        cancelLabel="Change amount"
        busy={inFlight}
        onConfirm={() => farAbove && place(farAbove.amount)}
        onCancel={changeAmount}
      >
        {farAbove && (
          <>
            <p data-testid="far-above-text">
              Your bid of <strong>{formatMoney(farAbove.amount)}</strong> is <strong>{farAbove.multiple}×</strong> the list price of{' '}
              <strong>{formatMoney(c.price)}</strong>, more than the {FAR_ABOVE_LIST_MULTIPLE}× we ask about.
            </p>
            <p>You can buy the data at the list price now. Place this bid anyway?</p>
          </>
        )}
      </ConfirmDialog>
    </Panel>
  );
}
