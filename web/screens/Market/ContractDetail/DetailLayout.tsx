import styled from 'styled-components';

// The page grid, shared with the loading skeleton so both line up. Wide screens: the chart and the
// sections on the left, the trade, bid and provider cards on the right. Narrow screens: the chart,
// then the cards (so BUY NOW comes early), then the sections.

export const DetailGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  grid-template-areas: 'chart' 'side' 'main';
  gap: 16px;
  margin-top: 16px;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(0, 1fr) 340px;
    /* the last row takes any slack, so a tall side column never stretches the chart row */
    grid-template-rows: auto 1fr;
    grid-template-areas: 'chart side' 'main side';
    align-items: start;
  }
  ${({ theme }) => theme.media.xl} {
    grid-template-columns: minmax(0, 1fr) 360px;
  }
`;

export const DetailChartArea = styled.div`
  grid-area: chart;
  min-width: 0;
`;

export const DetailMain = styled.div`
  grid-area: main;
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`;

export const DetailSide = styled.aside`
  grid-area: side;
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`;
