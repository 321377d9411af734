import styled from 'styled-components';
import { Panel } from '../../../components/Panel.tsx';
import { formatMoney } from '../../../format/format.ts';
import type { TicketDraft } from './ticketDraft.ts';
import { formatQuantity, workedExample } from './tradingFigures.ts';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.55;
  color: ${({ theme }) => theme.colors.textMuted};

  b {
    color: ${({ theme }) => theme.colors.textStrong};
  }
`;

const Formulas = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 4px 12px;
  margin: 0;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.bg};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};

  dt {
    font-weight: 700;
    letter-spacing: ${({ theme }) => theme.tracking.label};
    color: ${({ theme }) => theme.colors.textDim};
  }
  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Example = styled.p`
  padding: 8px 10px;
  border-left: 2px solid ${({ theme }) => theme.colors.amber};
  background: ${({ theme }) => theme.colors.amberSoft};
  color: ${({ theme }) => theme.colors.text};
  font-variant-numeric: tabular-nums;

  .up { color: ${({ theme }) => theme.colors.up}; font-weight: 700; }
  .down { color: ${({ theme }) => theme.colors.down}; font-weight: 700; }
`;

export type MultiplierCardProps = { draft: TicketDraft };

/** How the multiplier works: margin and P/L, long versus short, with an example from the chosen contract. */
export function MultiplierCard({ draft }: MultiplierCardProps) {
  const { contract, multiplier, quantity, side } = draft;
  const example = contract ? workedExample(contract.marketPrice, quantity, multiplier) : null;
  return (
    <Panel title="How the multiplier works" data-testid="multiplier-card">
      <Body>
        <p>
          The multiplier (<b>1x to 5x</b>) multiplies what a price move does to your position. The margin is the figure the
          position stands for: the higher the multiplier, the less margin for the same quantity.
        </p>
        <Formulas>
          <dt>MARGIN</dt>
          <dd>price × quantity ÷ multiplier</dd>
          <dt>P/L LONG</dt>
          <dd>(current − entry) × quantity × multiplier</dd>
          <dt>P/L SHORT</dt>
          <dd>(entry − current) × quantity × multiplier</dd>
          <dt>P/L %</dt>
          <dd>P/L ÷ (entry × quantity)</dd>
        </Formulas>
        <p>
          A <b>long</b> position gains when the price rises and loses when it falls; a <b>short</b> position the other way round.
          The price moves when the contract sells.
        </p>
        {example && contract ? (
          <Example data-testid="multiplier-example">
            At <b>{example.multiplier}x</b>, {formatQuantity(example.quantity)} {Number(example.quantity) === 1 ? 'unit' : 'units'} of{' '}
            <b>{contract.ticker}</b> at {formatMoney(example.price)} use <b>{formatMoney(example.margin)}</b> margin;{' '}
            {side === 'long' ? (
              <>
                a {formatMoney(example.move)} rise gains <span className="up">{formatMoney(example.swing)}</span>, a{' '}
                {formatMoney(example.move)} fall loses <span className="down">{formatMoney(example.swing)}</span>.
              </>
            ) : (
              <>
                a {formatMoney(example.move)} fall gains <span className="up">{formatMoney(example.swing)}</span>, a{' '}
                {formatMoney(example.move)} rise loses <span className="down">{formatMoney(example.swing)}</span>.
              </>
            )}
          </Example>
        ) : (
          <Example data-testid="multiplier-example">Choose a contract to see a worked example with its market price.</Example>
        )}
      </Body>
    </Panel>
  );
}
