import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { StatTile } from '../../../components/StatTile.tsx';
import { TileGrid } from '../../../components/TileGrid.tsx';
import type { ProviderEarnings_viewer$key } from '../../../__generated__/ProviderEarnings_viewer.graphql.ts';
import { formatCount, formatMoney, plural } from '../../../format/format.ts';
import { EmptyWithLink } from '../../shared/EmptyWithLink.tsx';

// The commission split of every sale (docs/decisions.md, "Money"): the platform keeps 10%.
const COMMISSION_PERCENT = 10;
const PROVIDER_PERCENT = 100 - COMMISSION_PERCENT;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Notes = styled.ul`
  && {
    margin: 0;
    padding: 0 0 0 18px;
  }
  display: flex;
  flex-direction: column;
  gap: 6px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.text};

  strong {
    color: ${({ theme }) => theme.colors.textStrong};
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 12px;
`;

export type ProviderEarningsProps = { viewer: ProviderEarnings_viewer$key };

/**
 * /earnings for everyone but administrators: a provider sees their own earnings (sales, money held
 * in escrow, paid out, payouts pending); someone who has not sold anything yet learns how selling
 * pays and where to start. Platform figures are never shown here.
 */
export function ProviderEarnings({ viewer }: ProviderEarningsProps) {
  const v = useFragment(
    graphql`
      fragment ProviderEarnings_viewer on User {
        dashboardSummary {
          showsSellerFigures
          salesCount
          escrowHeld
          paidOut
          pendingPayouts
        }
      }
    `,
    viewer,
  );
  const s = v.dashboardSummary;
  if (!s || !s.showsSellerFigures) {
    return (
      <Panel padding="md" data-testid="earnings-buyer">
        <EmptyWithLink
          icon="chart"
          title="No earnings yet"
          description={`Earnings come from selling data. List a data set: buyers pay into escrow, and ${PROVIDER_PERCENT}% of each sale is paid out to you when the 24-hour dispute window closes (the platform keeps ${COMMISSION_PERCENT}% commission).`}
          to="/list-data"
          label="List data"
          variant="primary"
        />
      </Panel>
    );
  }

  return (
    <Stack data-testid="earnings-provider">
      <TileGrid role="group" aria-label="Your earnings">
        <StatTile label="Sales" value={formatCount(s.salesCount)} tone={s.salesCount > 0 ? 'blue' : 'default'} hint="Paid for: in escrow, disputed or released" />
        <StatTile label="Escrow Held" value={formatMoney(s.escrowHeld)} tone={Number(s.escrowHeld) > 0 ? 'amber' : 'default'} hint={`Your ${PROVIDER_PERCENT}% of sales not yet released`} />
        <StatTile label="Paid Out" value={formatMoney(s.paidOut)} tone="green" hint={`Your ${PROVIDER_PERCENT}% of released sales`} />
        <StatTile
          label="Pending Payouts"
          value={formatCount(s.pendingPayouts)}
          tone={s.pendingPayouts > 0 ? 'amber' : 'default'}
          hint={s.pendingPayouts > 0 ? `${plural(s.pendingPayouts, 'sale')} in escrow or dispute` : 'Nothing waiting'}
        />
      </TileGrid>
      <Panel title="How you are paid" padding="md">
        <Notes>
          <li>
            A buyer pays the price plus a 2.5% processing fee into escrow. You receive <strong>{PROVIDER_PERCENT}%</strong> of the price; the platform keeps{' '}
            <strong>{COMMISSION_PERCENT}%</strong> commission.
          </li>
          <li>The money is held for 24 hours, the buyer's dispute window, then released to you automatically.</li>
          <li>A disputed sale waits for an administrator: released to you, or refunded to the buyer.</li>
        </Notes>
        <Actions>
          <ButtonLink to="/dashboard/payments" variant="primary" size="sm">
            View sales and payouts
          </ButtonLink>
          <ButtonLink to="/list-data" size="sm">
            List data
          </ButtonLink>
        </Actions>
      </Panel>
    </Stack>
  );
}
