import { useId } from 'react';
import styled from 'styled-components';
import { FieldLabel } from '../../../components/fieldStyles.ts';
import type { Side } from './tradingFigures.ts';

const Group = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

const Segments = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  padding: 2px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.bg};
`;

const Segment = styled.label<{ $side: Side }>`
  position: relative;
  display: grid;
  place-items: center;
  height: 30px;
  border-radius: 2px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  /* the real radio covers the segment, invisible: clicks, touches and keys all reach it */
  input {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    margin: 0;
    opacity: 0;
    cursor: inherit;
  }
  &:hover {
    color: ${({ theme }) => theme.colors.textStrong};
    background: ${({ theme }) => theme.colors.hover};
  }
  &:has(input:checked) {
    background: ${({ theme, $side }) => ($side === 'long' ? theme.colors.up : theme.colors.down)};
    color: ${({ theme, $side }) => ($side === 'long' ? theme.colors.onUp : theme.colors.onDown)};
  }
  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
  &:has(input:disabled) {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

const SIDES: { value: Side; label: string; hint: string }[] = [
  { value: 'long', label: 'LONG', hint: 'gains when the price rises' },
  { value: 'short', label: 'SHORT', hint: 'gains when the price falls' },
];

export type SideToggleProps = { value: Side; onChange: (side: Side) => void; disabled?: boolean };

/** Long or short: two radio buttons drawn as one segmented control (arrow keys move between them). */
export function SideToggle({ value, onChange, disabled }: SideToggleProps) {
  const name = useId();
  return (
    <Group disabled={disabled}>
      <FieldLabel as="legend">Position type</FieldLabel>
      <Segments>
        {SIDES.map((s) => (
          <Segment key={s.value} $side={s.value} title={`${s.label}: ${s.hint}`}>
            <input
              type="radio"
              name={name}
              value={s.value}
              checked={value === s.value}
              onChange={() => onChange(s.value)}
              aria-label={`${s.label}: ${s.hint}`}
            />
            {s.label}
          </Segment>
        ))}
      </Segments>
    </Group>
  );
}
