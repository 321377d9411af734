import { useId, type ChangeEvent } from 'react';
import styled, { css } from 'styled-components';
import { formatMoney } from '../../../format/format.ts';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

const Readout = styled.div`
  display: flex;
  justify-content: space-between;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textStrong};

  span:last-child { color: ${({ theme }) => theme.colors.up}; }
`;

const Track = styled.div`
  position: relative;
  /* the two range inputs fill the track: 24px is the smallest touch target (WCAG 2.5.8) */
  height: 24px;

  &::before {
    content: '';
    position: absolute;
    left: 0;
    right: 0;
    top: 50%;
    height: 4px;
    margin-top: -2px;
    border-radius: 2px;
    background: ${({ theme }) => theme.colors.raised};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.colors.border};
  }
`;

const Fill = styled.div`
  position: absolute;
  top: 50%;
  height: 4px;
  margin-top: -2px;
  border-radius: 2px;
  background: ${({ theme }) => theme.colors.up};
  box-shadow: 0 0 8px rgba(25, 210, 124, 0.35);
`;

const thumb = css`
  pointer-events: auto;
  width: 14px;
  height: 14px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.textStrong};
  border: 2px solid ${({ theme }) => theme.colors.up};
  cursor: grab;
`;

const Range = styled.input`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  margin: 0;
  background: none;
  appearance: none;
  -webkit-appearance: none;
  pointer-events: none;

  &::-webkit-slider-runnable-track { background: none; }
  &::-moz-range-track { background: none; }
  &::-webkit-slider-thumb {
    -webkit-appearance: none;
    ${thumb}
  }
  &::-moz-range-thumb { ${thumb} }

  &:focus-visible {
    outline: none;
    &::-webkit-slider-thumb { box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.blueSoft}; border-color: ${({ theme }) => theme.colors.blue}; }
    &::-moz-range-thumb { box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.blueSoft}; border-color: ${({ theme }) => theme.colors.blue}; }
  }
`;

const Scale = styled.div`
  display: flex;
  justify-content: space-between;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 9px;
  color: ${({ theme }) => theme.colors.textDim};
`;

const Inputs = styled.div`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: 6px;
  color: ${({ theme }) => theme.colors.textDim};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const NumberBox = styled.label`
  position: relative;
  display: flex;
  align-items: center;

  span {
    position: absolute;
    left: 8px;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textDim};
    pointer-events: none;
  }

  input {
    width: 100%;
    height: 30px;
    padding: 0 6px 0 20px;
    background: ${({ theme }) => theme.colors.raised};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.sm};
    color: ${({ theme }) => theme.colors.textStrong};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-variant-numeric: tabular-nums;
    -moz-appearance: textfield;

    &::-webkit-outer-spin-button,
    &::-webkit-inner-spin-button { -webkit-appearance: none; margin: 0; }
    &:focus {
      outline: none;
      border-color: ${({ theme }) => theme.colors.blue};
      box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.blueSoft};
    }
    ${({ theme }) => theme.media.mobile} { font-size: 16px; }
  }
`;

export type PriceRangeSliderProps = {
  min: number;
  max: number;
  step: number;
  value: [number, number];
  onChange: (value: [number, number]) => void;
};

/** Two-thumb price range (one range input per bound) with exact number boxes under it. */
export function PriceRangeSlider({ min, max, step, value, onChange }: PriceRangeSliderProps) {
  const id = useId();
  const [low, high] = value;
  const pct = (v: number) => ((Math.min(max, Math.max(min, v)) - min) / (max - min)) * 100;

  const onLow = (e: ChangeEvent<HTMLInputElement>) => onChange([Math.min(Number(e.target.value), high), high]);
  const onHigh = (e: ChangeEvent<HTMLInputElement>) => onChange([low, Math.max(Number(e.target.value), low)]);
  const typed = (e: ChangeEvent<HTMLInputElement>, which: 0 | 1) => {
    const n = e.target.value === '' ? (which === 0 ? min : max) : Number(e.target.value);
    if (!Number.isFinite(n)) return;
    const next = Math.max(min, Math.min(max, Math.round(n)));
    onChange(which === 0 ? [next, high] : [low, next]);
  };

  return (
    <Wrap>
      <Readout aria-hidden="true">
        <span>{formatMoney(low, { whole: true })}</span>
        <span>
          {formatMoney(high, { whole: true })}
          {high >= max ? '+' : ''}
        </span>
      </Readout>
      <Track>
        <Fill style={{ left: `${pct(low)}%`, width: `${Math.max(0, pct(high) - pct(low))}%` }} />
        <Range
          type="range"
          aria-label="Minimum price"
          min={min}
          max={max}
          step={step}
          value={low}
          onChange={onLow}
          // the lower thumb must stay reachable when both sit at the top
          style={{ zIndex: low > max - step * 2 ? 3 : 1 }}
        />
        <Range type="range" aria-label="Maximum price" min={min} max={max} step={step} value={high} onChange={onHigh} style={{ zIndex: 2 }} />
      </Track>
      <Scale aria-hidden="true">
        <span>$0</span>
        <span>$1K</span>
        <span>$2K</span>
        <span>$3K</span>
        <span>$4K</span>
        <span>$5K</span>
      </Scale>
      <Inputs>
        <NumberBox htmlFor={`${id}-min`}>
          <span aria-hidden="true">$</span>
          <input id={`${id}-min`} type="number" inputMode="numeric" aria-label="Min price" min={min} max={max} step={step} value={low} onChange={(e) => typed(e, 0)} />
        </NumberBox>
        <span aria-hidden="true">–</span>
        <NumberBox htmlFor={`${id}-max`}>
          <span aria-hidden="true">$</span>
          <input id={`${id}-max`} type="number" inputMode="numeric" aria-label="Max price" min={min} max={max} step={step} value={high} onChange={(e) => typed(e, 1)} />
        </NumberBox>
      </Inputs>
    </Wrap>
  );
}
