import styled from 'styled-components';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';

const Chip = styled.span<{ $ok: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  height: 20px;
  padding: 0 7px;
  border: 1px solid ${({ theme, $ok }) => ($ok ? theme.colors.upBorder : theme.colors.downBorder)};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme, $ok }) => ($ok ? theme.colors.upSoft : theme.colors.downSoft)};
  color: ${({ theme, $ok }) => ($ok ? theme.colors.up : theme.colors.down)};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  white-space: nowrap;

  .mark {
    font-size: 11px;
    line-height: 1;
  }
`;

export type FlagChipProps = {
  /** short label on the chip, e.g. 'GDPR' */
  label: string;
  /** what the answer means, read out instead of the mark, e.g. 'GDPR compliant' */
  description: string;
  ok: boolean;
};

/** A yes/no compliance answer: a green ✓ or a red ✗ chip. */
export function FlagChip({ label, description, ok }: FlagChipProps) {
  return (
    <Chip $ok={ok} title={`${description}: ${ok ? 'yes' : 'no'}`} data-flag={label} data-ok={ok}>
      <span className="mark" aria-hidden="true">
        {ok ? '✓' : '✗'}
      </span>
      {label}
      <VisuallyHidden>{`: ${ok ? 'yes' : 'no'}`}</VisuallyHidden>
    </Chip>
  );
}
