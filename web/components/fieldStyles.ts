import styled, { css } from 'styled-components';

/** Shared look of form fields (TextField, PasswordField, TextAreaField, SelectField). */

export const FieldWrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

export const FieldLabel = styled.label`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const FieldHint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
  line-height: 1.4;
`;

export const FieldError = styled.p`
  display: flex;
  align-items: flex-start;
  gap: 6px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.down};
  line-height: 1.4;

  &::before {
    content: '!';
    flex: none;
    display: inline-grid;
    place-items: center;
    width: 14px;
    height: 14px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.downSoft};
    border: 1px solid ${({ theme }) => theme.colors.downBorder};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 9px;
    font-weight: 700;
    line-height: 1;
  }
`;

export const controlStyles = css`
  width: 100%;
  min-height: 36px;
  padding: 7px 10px;
  background: ${({ theme }) => theme.colors.raised};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textStrong};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-variant-numeric: tabular-nums;
  line-height: 1.4;
  transition:
    border-color ${({ theme }) => theme.transitions.fast},
    box-shadow ${({ theme }) => theme.transitions.fast},
    background ${({ theme }) => theme.transitions.fast};

  &:hover:not(:disabled):not(:focus) { border-color: ${({ theme }) => theme.colors.textDim}; }

  &:focus,
  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.colors.blue};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.blueSoft};
    background: ${({ theme }) => theme.colors.panelAlt};
  }

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.down};
    &:focus { box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.downSoft}; }
  }

  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }

  &[readonly] { background: ${({ theme }) => theme.colors.panelAlt}; }

  /* 16px stops iOS Safari from zooming into a focused field */
  ${({ theme }) => theme.media.mobile} {
    font-size: 16px;
  }
`;

/** ids for aria-describedby, only those that are rendered */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter((x): x is string => typeof x === 'string' && x.length > 0);
  return list.length ? list.join(' ') : undefined;
}
