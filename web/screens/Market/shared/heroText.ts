import styled, { css, keyframes } from 'styled-components';

// The words of the market's two heroes, the floor's (compact, beside its live figures) and the
// landing page's (large): a live eyebrow, the headline, the line under it and the ways in.

export type HeroSize = 'compact' | 'large';

/** The hero's column of words. */
export const HeroCopy = styled.div<{ $size: HeroSize }>`
  display: flex;
  flex-direction: column;
  gap: ${({ $size }) => ($size === 'large' ? '18px' : '10px')};
`;

const pulse = keyframes`
  50% { opacity: 0.35; }
`;

/** The green eyebrow with its lit dot; `$pulse` makes the dot breathe (the market is live). */
export const HeroEyebrow = styled.p<{ $size: HeroSize; $pulse?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme, $size }) => ($size === 'large' ? theme.fontSizes.xs : theme.fontSizes.xxs)};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.wide};
  color: ${({ theme }) => theme.colors.up};

  &::before {
    content: '';
    width: 7px;
    height: 7px;
    border-radius: 50%;
    background: currentColor;
    box-shadow: 0 0 8px currentColor;
    ${({ $pulse }) =>
      $pulse &&
      css`
        animation: ${pulse} 1.6s ease-in-out infinite;
      `}
  }
  ${({ theme }) => theme.media.reducedMotion} {
    &::before { animation: none; }
  }
`;

export const HeroHeadline = styled.h1<{ $size: HeroSize }>`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ $size }) => ($size === 'large' ? '30px' : '24px')};
  font-weight: 800;
  letter-spacing: ${({ $size }) => ($size === 'large' ? '-0.01em' : '0.02em')};
  line-height: 1.1;

  em {
    font-style: normal;
    ${({ $size }) => ($size === 'large' ? 'white-space: nowrap;' : '')}
    color: ${({ theme }) => theme.colors.up};
  }

  ${({ theme }) => theme.media.sm} {
    font-size: ${({ $size }) => ($size === 'large' ? '44px' : '28px')};
  }
`;

export const HeroSub = styled.p<{ $size: HeroSize }>`
  max-width: ${({ $size }) => ($size === 'large' ? '560px' : '460px')};
  font-size: ${({ theme, $size }) => ($size === 'large' ? theme.fontSizes.lg : theme.fontSizes.md)};
  line-height: ${({ $size }) => ($size === 'large' ? 1.6 : 1.5)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const HeroActions = styled.div<{ $size: HeroSize }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ $size }) => ($size === 'large' ? '10px' : '8px')};
  margin-top: ${({ $size }) => ($size === 'large' ? '6px' : '4px')};
`;
