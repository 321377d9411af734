import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import type { PurchaseRow_purchase$key } from '../../../__generated__/PurchaseRow_purchase.graphql.ts';
import { toneColors } from '../../../theme/theme.ts';
import { formatDate, formatMoney } from '../../../format/format.ts';
import { purchaseStatusWord, statusTone } from '../../../format/labels.ts';
import { oneLine } from '../../../theme/text.ts';
import { InvoiceLinks } from '../../../components/InvoiceLinks.tsx';

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 6px 16px;
  padding: 10px 14px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  &:last-child { border-bottom: 0; }
  &:hover { background: ${({ theme }) => theme.colors.hover}; }

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
  }
`;

const Main = styled.div`
  display: flex;
  flex-direction: column;
  gap: 5px;
  min-width: 0;
`;

const TitleLine = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;

  /* the ticker badge keeps its size; the title gives way */
  > :first-child {
    flex: none;
  }
`;

const Title = styled(Link)`
  ${oneLine}
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textStrong};
  &:hover { color: ${({ theme }) => theme.colors.up}; }
`;

const Facts = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};

  b { font-weight: 600; color: ${({ theme }) => theme.colors.text}; }
`;

const StatusValue = styled.b<{ $tone: ReturnType<typeof statusTone> }>`
  && { color: ${({ theme, $tone }) => toneColors(theme, $tone).fg}; }
`;

const Dates = styled.dl`
  display: grid;
  grid-template-columns: max-content max-content;
  gap: 2px 12px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;

  dt {
    color: ${({ theme }) => theme.colors.textDim};
    text-transform: uppercase;
    letter-spacing: ${({ theme }) => theme.tracking.label};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    line-height: 16px;
  }
  dd {
    color: ${({ theme }) => theme.colors.text};
    line-height: 16px;
    ${({ theme }) => theme.media.sm} {
      text-align: right;
    }
  }
`;

export type PurchaseRowProps = { purchase: PurchaseRow_purchase$key };

/** One purchased contract: title, status, amount, its invoice (PDF), purchase date and access expiry. */
export function PurchaseRow({ purchase }: PurchaseRowProps) {
  const p = useFragment(
    graphql`
      fragment PurchaseRow_purchase on Purchase {
        purchaseId
        status
        amount
        purchaseDate
        accessExpiresAt
        contract {
          contractId
          title
          ticker
        }
        payment {
          # the documents' links (components/InvoiceLinks.tsx)
          invoice { number url }
          creditNote { number url }
        }
      }
    `,
    purchase,
  );
  const expired = p.accessExpiresAt != null && new Date(p.accessExpiresAt).getTime() < Date.now();
  // 'revoked' is what a refund does to a purchase: it reads 'refunded', as in the library
  const status = purchaseStatusWord(p.status);
  return (
    <Row data-testid="purchase-row">
      <Main>
        <TitleLine>
          <Badge size="sm" tone="blue">
            {p.contract.ticker}
          </Badge>
          <Title to={`/contract/${p.contract.contractId}`} title={p.contract.title}>{p.contract.title}</Title>
        </TitleLine>
        <Facts>
          {/* 'Status: {status}' and 'Amount: ${amount}' */}
          <span>
            Status: <StatusValue $tone={statusTone(status)}>{status}</StatusValue>
          </span>
          <span>
            Amount: <b>{formatMoney(p.amount)}</b>
          </span>
        </Facts>
        <InvoiceLinks invoice={p.payment?.invoice} creditNote={p.payment?.creditNote} />
      </Main>
      <Dates>
        <dt>Purchased</dt>
        <dd>{formatDate(p.purchaseDate)}</dd>
        <dt>{status === 'refunded' ? 'Access' : expired ? 'Access ended' : 'Access until'}</dt>
        <dd>{status === 'refunded' ? 'Ended (refunded)' : p.accessExpiresAt ? formatDate(p.accessExpiresAt) : 'No expiry'}</dd>
      </Dates>
    </Row>
  );
}
