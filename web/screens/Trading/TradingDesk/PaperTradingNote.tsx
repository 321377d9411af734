import styled from 'styled-components';
import { Icon } from '../../../components/Icon.tsx';

const Note = styled.p`
  display: flex;
  align-items: flex-start;
  gap: 8px;
  padding: 8px 12px;
  border: 1px solid ${({ theme }) => theme.colors.amberBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.amberSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.text};

  svg {
    flex: none;
    margin-top: 2px;
    color: ${({ theme }) => theme.colors.amber};
  }
  b {
    font-family: ${({ theme }) => theme.fonts.mono};
    letter-spacing: ${({ theme }) => theme.tracking.label};
    color: ${({ theme }) => theme.colors.amber};
  }
`;

/** Positions are paper trading: the screen says so before anything else. */
export function PaperTradingNote() {
  return (
    <Note data-testid="paper-note">
      <Icon name="info" size={14} />
      <span>
        <b>PAPER TRADING.</b> Positions follow real market prices, but no money moves: margin is a figure, not a charge, and
        profits and losses are not paid out.
      </span>
    </Note>
  );
}
