import styled from 'styled-components';
import { toneColors, type Tone } from '../theme/theme.ts';

/**
 * A square that holds an icon over an empty state, a missing page or a feature: `$size` px, in a
 * tone's colours (`$tone`), or quiet grey without one.
 */
export const IconMark = styled.span<{ $size: number; $tone?: Tone; $radius?: 'sm' | 'md' }>`
  display: grid;
  place-items: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ theme, $radius = 'md' }) => theme.radii[$radius]};
  border: 1px solid ${({ theme, $tone }) => ($tone ? toneColors(theme, $tone).border : theme.colors.border)};
  background: ${({ theme, $tone }) => ($tone ? toneColors(theme, $tone).bg : theme.colors.panelAlt)};
  color: ${({ theme, $tone }) => ($tone ? toneColors(theme, $tone).fg : theme.colors.textDim)};
`;
