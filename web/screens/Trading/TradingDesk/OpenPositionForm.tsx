import { useRef, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { FigureCells } from '../../../components/FigureCells.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { formatMoney } from '../../../format/format.ts';
import { ContractPicker } from './ContractPicker.tsx';
import { MultiplierSlider } from './MultiplierSlider.tsx';
import { useOpenPositionMutation } from './OpenPositionMutation.ts';
import { positionConnectionIds } from './positionConnections.ts';
import { SideToggle } from './SideToggle.tsx';
import type { TicketDraft } from './ticketDraft.ts';
import { formatQuantity, previewMargin } from './tradingFigures.ts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 10px;
`;


const Fine = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
`;

/** The two optional price levels that close a position by themselves. */
const PRICE_LEVELS = [
  { name: 'stopLoss', label: 'Stop-loss' },
  { name: 'takeProfit', label: 'Take-profit' },
] as const;

export type OpenPositionFormProps = {
  viewerId: string;
  draft: TicketDraft;
  onDraft: (changes: Partial<TicketDraft>) => void;
};

/** Open position: contract, long or short, quantity, multiplier, optional stop-loss and take-profit. */
export function OpenPositionForm({ viewerId, draft, onDraft }: OpenPositionFormProps) {
  const { toast } = useToast();
  const [commit, inFlight] = useOpenPositionMutation();
  const quantityRef = useRef<HTMLInputElement>(null);
  const { contract, side, quantity, multiplier, stopLoss, takeProfit } = draft;
  const margin = previewMargin(contract?.marketPrice, quantity, multiplier);

  function fail(message: string | null | undefined) {
    toast({ variant: 'destructive', title: 'Error', description: message || 'Failed to open position' });
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight) return;
    if (!contract || !quantity.trim()) {
      toast({ variant: 'destructive', title: 'Missing Information', description: 'Please select a contract and enter quantity' });
      if (contract) quantityRef.current?.focus();
      return;
    }
    commit({
      variables: {
        input: {
          contractId: contract.id,
          positionType: side,
          quantity: quantity.trim(),
          leverage: multiplier,
          stopLoss: stopLoss.trim() || null,
          takeProfit: takeProfit.trim() || null,
        },
        connections: [positionConnectionIds(viewerId).open],
      },
      onCompleted: ({ openPosition: result }) => {
        if (result.__typename !== 'MutationOpenPositionSuccess') return fail(result.__typename === '%other' ? null : result.message);
        toast({
          title: 'Position Opened',
          description: `${side.toUpperCase()} ${formatQuantity(quantity)} ${contract.ticker} at ${multiplier}x. Paper trading: no money moved.`,
        });
        onDraft({ quantity: '', stopLoss: '', takeProfit: '' });
      },
      onError: (error) => fail(error.message),
    });
  }

  return (
    <Panel title="Open position" data-testid="open-position">
      <Form onSubmit={submit} noValidate aria-label="Open position">
        <ContractPicker value={contract} onChange={(c) => onDraft({ contract: c })} disabled={inFlight} />
        <SideToggle value={side} onChange={(s) => onDraft({ side: s })} disabled={inFlight} />
        <TextField
          ref={quantityRef}
          label="Quantity"
          name="quantity"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          placeholder="0.00"
          value={quantity}
          onChange={(e) => onDraft({ quantity: e.target.value })}
          disabled={inFlight}
        />
        <MultiplierSlider value={multiplier} onChange={(m) => onDraft({ multiplier: m })} disabled={inFlight} />
        <Pair>
          {PRICE_LEVELS.map(({ name, label }) => (
            <TextField
              key={name}
              label={label}
              name={name}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              placeholder="Optional"
              leading="$"
              value={draft[name]}
              onChange={(e) => onDraft({ [name]: e.target.value })}
              disabled={inFlight}
            />
          ))}
        </Pair>
        <FigureCells $padding="7px 10px" aria-label="Position preview">
          <div>
            <dt>Entry (market)</dt>
            <dd data-testid="entry-preview">{contract ? formatMoney(contract.marketPrice) : '—'}</dd>
          </div>
          <div>
            <dt>Margin</dt>
            <dd className="margin" data-testid="margin-preview" aria-live="polite">
              {margin ? formatMoney(margin) : '—'}
            </dd>
          </div>
        </FigureCells>
        <Fine>The entry price is the market price when the position opens; the server sets the final entry and margin.</Fine>
        <Button type="submit" variant={side === 'long' ? 'primary' : 'danger'} busy={inFlight} fullWidth>
          {side === 'long' ? 'OPEN LONG' : 'OPEN SHORT'}
        </Button>
      </Form>
    </Panel>
  );
}
