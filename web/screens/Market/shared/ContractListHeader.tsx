import styled from 'styled-components';
import { ROW_COLUMNS } from './ContractCard.tsx';

const Head = styled.div`
  display: none;

  ${({ theme }) => theme.media.xl} {
    display: grid;
    grid-template-columns: ${ROW_COLUMNS};
    gap: 0 12px;
    padding: 7px 12px;
    background: ${({ theme }) => theme.colors.panelAlt};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 9px;
    font-weight: 700;
    letter-spacing: ${({ theme }) => theme.tracking.wide};
    color: ${({ theme }) => theme.colors.textDim};

    .num { text-align: right; }
    span:nth-child(3), span:nth-child(4), span:nth-child(5), span:nth-child(6) { text-align: left; }
  }
`;

/** Column titles above the dense rows of the list layout (wide screens, where the rows are a table). */
export function ContractListHeader() {
  return (
    <Head aria-hidden="true">
      <span>TICKER</span>
      <span>CONTRACT · PROVIDER</span>
      <span>VOLUME</span>
      <span>FIELDS</span>
      <span>FORMAT</span>
      <span>DELIVERY</span>
      <span className="num">PRICE</span>
      <span className="num">MARKET · 24H · BID</span>
      <span />
    </Head>
  );
}
