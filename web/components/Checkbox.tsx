import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styled from 'styled-components';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  /** the clickable label text */
  label: ReactNode;
  /** smaller text under the label */
  description?: ReactNode;
  error?: ReactNode;
  /** render as a radio button instead (same look, round) */
  radio?: boolean;
  /** className of the outer wrapper */
  className?: string;
};

// the label over its error, and the label's text over its description
const Column = styled.span<{ $gap: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ $gap }) => $gap}px;
`;

const Label = styled.label`
  display: inline-flex;
  align-items: flex-start;
  gap: 10px;
  cursor: pointer;
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.text};
  line-height: 1.35;

  &:has(input:disabled) {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

const Box = styled.input`
  appearance: none;
  flex: none;
  display: grid;
  place-items: center;
  width: 16px;
  height: 16px;
  margin: 1px 0 0;
  background: ${({ theme }) => theme.colors.raised};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: 2px;
  cursor: inherit;
  transition:
    background ${({ theme }) => theme.transitions.fast},
    border-color ${({ theme }) => theme.transitions.fast};

  &[type='radio'] { border-radius: 50%; }

  &::after {
    content: '';
    width: 8px;
    height: 4px;
    margin-top: -2px;
    border-left: 2px solid ${({ theme }) => theme.colors.onUp};
    border-bottom: 2px solid ${({ theme }) => theme.colors.onUp};
    transform: rotate(-45deg) scale(0);
    transition: transform ${({ theme }) => theme.transitions.fast};
  }
  &[type='radio']::after {
    width: 6px;
    height: 6px;
    margin: 0;
    border: 0;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.onUp};
    transform: scale(0);
  }

  &:hover:not(:disabled) { border-color: ${({ theme }) => theme.colors.textMuted}; }

  &:checked {
    background: ${({ theme }) => theme.colors.up};
    border-color: ${({ theme }) => theme.colors.up};
  }
  &:checked::after { transform: rotate(-45deg) scale(1); }
  &[type='radio']:checked::after { transform: scale(1); }

  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.down}; }
`;

const Desc = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
`;

const Err = styled.span`
  padding-left: 26px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.down};
`;

/** A checkbox (or radio) wrapped in its label, so clicking the text toggles it. */
export function Checkbox({ label, description, error, radio = false, className, id, ...props }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? `check-${autoId}`;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <Column as="div" $gap={4} className={className}>
      <Label htmlFor={inputId}>
        <Box
          {...props}
          id={inputId}
          type={radio ? 'radio' : 'checkbox'}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={errorId}
        />
        <Column $gap={2}>
          <span>{label}</span>
          {description != null && <Desc>{description}</Desc>}
        </Column>
      </Label>
      {error && (
        <Err id={errorId} role="alert">
          {error}
        </Err>
      )}
    </Column>
  );
}
