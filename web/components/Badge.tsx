import type { ComponentPropsWithoutRef } from 'react';
import styled from 'styled-components';
import { toneColors, type Tone } from '../theme/theme.ts';

export type BadgeTone = Tone;

export type BadgeProps = ComponentPropsWithoutRef<'span'> & {
  /** green / red / amber / blue / neutral (default neutral) */
  tone?: BadgeTone;
  /** a small leading dot, e.g. for live statuses */
  dot?: boolean;
  /** solid fill instead of the soft tint */
  solid?: boolean;
  size?: 'sm' | 'md';
};

const Pill = styled.span<{ $tone: BadgeTone; $solid: boolean; $size: 'sm' | 'md' }>`
  display: inline-flex;
  align-items: center;
  gap: 5px;
  max-width: 100%;
  height: ${({ $size }) => ($size === 'sm' ? '18px' : '22px')};
  padding: 0 ${({ $size }) => ($size === 'sm' ? '6px' : '8px')};
  border: 1px solid ${({ theme, $tone }) => toneColors(theme, $tone).border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme, $tone, $solid }) => ($solid ? toneColors(theme, $tone).fg : toneColors(theme, $tone).bg)};
  color: ${({ theme, $tone, $solid }) => ($solid ? theme.colors.bg : toneColors(theme, $tone).fg)};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme, $size }) => ($size === 'sm' ? theme.fontSizes.xxs : theme.fontSizes.xs)};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  line-height: 1;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  vertical-align: middle;
`;

const Dot = styled.span`
  flex: none;
  width: 6px;
  height: 6px;
  border-radius: 50%;
  background: currentColor;
  box-shadow: 0 0 6px currentColor;
`;

/** A small uppercase status badge. Underscores in text children are shown as spaces. */
export function Badge({ tone = 'neutral', dot = false, solid = false, size = 'md', children, ...rest }: BadgeProps) {
  const content = typeof children === 'string' ? children.replace(/_/g, ' ') : children;
  return (
    <Pill {...rest} $tone={tone} $solid={solid} $size={size}>
      {dot && <Dot aria-hidden="true" />}
      {content}
    </Pill>
  );
}
