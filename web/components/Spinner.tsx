import styled, { keyframes } from 'styled-components';

export type SpinnerProps = {
  /** diameter in px (default 16) */
  size?: number;
  /** accessible text; ignored when decorative (default 'Loading') */
  label?: string;
  /** hide from assistive tech, e.g. inside a busy button that already says what is going on */
  decorative?: boolean;
  /** stroke colour, defaults to the current text colour */
  color?: string;
  className?: string;
};

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number; $color?: string }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  border: ${({ $size }) => Math.max(2, Math.round($size / 8))}px solid
    ${({ $color }) => $color ?? 'currentColor'};
  border-right-color: transparent;
  border-bottom-color: transparent;
  opacity: 0.9;
  animation: ${spin} 0.7s linear infinite;
  vertical-align: middle;

  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2s;
  }
`;

export function Spinner({ size = 16, label = 'Loading', decorative = false, color, className }: SpinnerProps) {
  if (decorative) return <Ring $size={size} $color={color} className={className} aria-hidden="true" />;
  return <Ring $size={size} $color={color} className={className} role="status" aria-label={label} />;
}
