import styled from 'styled-components';
import { toneColors, type Tone } from '../../../theme/theme.ts';

// The checkout grid: the form on the left, the order summary and the escrow notes on the right.
// Narrow screens: the summary first (the total is read before the card is typed), then the form,
// then the notes.

export const CheckoutGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  grid-template-areas: 'summary' 'main' 'notes';
  gap: 16px;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(0, 1fr) 380px;
    /* the last row takes the slack, so a tall form never stretches the summary */
    grid-template-rows: auto 1fr;
    grid-template-areas: 'main summary' 'main notes';
    align-items: start;
  }
`;

export const CheckoutMain = styled.div`
  grid-area: main;
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`;

export const CheckoutSummary = styled.div`
  grid-area: summary;
  min-width: 0;
`;

export const CheckoutNotes = styled.div`
  grid-area: notes;
  min-width: 0;
`;

/** A tinted line of text that says where things stand (already paid, not for sale, ...). */
export const Notice = styled.div<{ $tone: Tone }>`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 10px 12px;
  border: 1px solid ${({ theme, $tone }) => toneColors(theme, $tone).border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme, $tone }) => toneColors(theme, $tone).bg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.text};

  strong { color: ${({ theme, $tone }) => toneColors(theme, $tone).fg}; }
`;

export const NoticeActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;
