import { useId } from 'react';
import styled from 'styled-components';
import { FieldHint, FieldLabel } from '../../../components/fieldStyles.ts';
import { MAX_MULTIPLIER, MIN_MULTIPLIER } from './tradingFigures.ts';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

const Head = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;

  output {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 800;
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.amber};
  }
`;

const Range = styled.input`
  width: 100%;
  height: 20px;
  margin: 0;
  accent-color: ${({ theme }) => theme.colors.amber};
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

const Ticks = styled.div`
  display: flex;
  justify-content: space-between;
  padding: 0 2px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  color: ${({ theme }) => theme.colors.textDim};
`;

export type MultiplierSliderProps = { value: number; onChange: (multiplier: number) => void; disabled?: boolean };

/** The multiplier, 1x to 5x in whole steps, shown as '3x'. */
export function MultiplierSlider({ value, onChange, disabled }: MultiplierSliderProps) {
  const id = useId();
  const steps = Array.from({ length: MAX_MULTIPLIER - MIN_MULTIPLIER + 1 }, (_, i) => MIN_MULTIPLIER + i);
  return (
    <Wrap>
      <Head>
        <FieldLabel htmlFor={id}>Multiplier</FieldLabel>
        <output htmlFor={id} data-testid="multiplier-value">
          {value}x
        </output>
      </Head>
      <Range
        id={id}
        type="range"
        min={MIN_MULTIPLIER}
        max={MAX_MULTIPLIER}
        step={1}
        value={value}
        aria-valuetext={`${value}x`}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <Ticks aria-hidden="true">
        {steps.map((s) => (
          <span key={s}>{s}x</span>
        ))}
      </Ticks>
      <FieldHint id={`${id}-hint`}>Multiplies gains and losses; margin is price × quantity ÷ multiplier.</FieldHint>
    </Wrap>
  );
}
