import styled from 'styled-components';
import { direction, formatSignedMoney, formatSignedPercent } from './tradingFigures.ts';

const Figure = styled.span<{ $dir: 'up' | 'down' | 'flat' }>`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $dir }) => ($dir === 'up' ? theme.colors.up : $dir === 'down' ? theme.colors.down : theme.colors.text)};
`;

export type SignedFigureProps = { value: string; kind: 'money' | 'percent'; 'data-testid'?: string };

/** A P/L figure: signed, green above zero, red below. */
export function SignedFigure({ value, kind, ...rest }: SignedFigureProps) {
  return (
    <Figure $dir={direction(value)} {...rest}>
      {kind === 'money' ? formatSignedMoney(value) : formatSignedPercent(value)}
    </Figure>
  );
}
