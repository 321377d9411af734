import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Table, TableScroll } from '../../../components/DataTable.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { TopProviders_earnings$key } from '../../../__generated__/TopProviders_earnings.graphql.ts';
import { formatCount, formatMoney } from '../../../format/format.ts';

// the ranking's own cells beside the shared table look
const Ranking = styled(Table)`
  .rank {
    width: 1%;
    color: ${({ theme }) => theme.colors.textDim};
  }
  .up {
    font-weight: 700;
  }
  .amber {
    color: ${({ theme }) => theme.colors.amber};
  }
  .name {
    color: ${({ theme }) => theme.colors.textStrong};
    font-weight: 600;
  }
  .listing {
    max-width: 280px;
    overflow: hidden;
    text-overflow: ellipsis;
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

export type TopProvidersProps = { earnings: TopProviders_earnings$key };

/** The ten providers who earned most (their 90% share of released sales), with the platform's 10% beside it. */
export function TopProviders({ earnings }: TopProvidersProps) {
  const e = useFragment(
    graphql`
      fragment TopProviders_earnings on PlatformEarnings {
        commissionRate
        topEarningProviders {
          userId
          name
          transactions
          volume
          earnings
          listing {
            contractId
            title
          }
        }
      }
    `,
    earnings,
  );
  const rows = e.topEarningProviders;
  return (
    <Panel title="Top-Earning Providers" padding="none" actions={rows.length > 0 ? `Top ${rows.length}` : undefined} data-testid="top-providers">
      {rows.length === 0 ? (
        <div style={{ padding: 14 }}>
          <EmptyState compact icon="chart" title="No released sales yet" description="Providers appear here once their first sale is released from escrow." />
        </div>
      ) : (
        <TableScroll>
          <Ranking aria-label="Top-earning providers">
            <thead>
              <tr>
                <th scope="col" className="rank">
                  #
                </th>
                <th scope="col">Provider</th>
                <th scope="col">Listing</th>
                <th scope="col" className="num">
                  Sales
                </th>
                <th scope="col" className="num">
                  Volume
                </th>
                <th scope="col" className="num">
                  Earnings ({100 - e.commissionRate}%)
                </th>
                <th scope="col" className="num">
                  Commission ({e.commissionRate}%)
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p, i) => (
                <tr key={p.userId} data-testid="top-provider-row">
                  <td className="num rank">{i + 1}</td>
                  <td className="name">{p.name}</td>
                  <td className="listing">
                    {p.listing ? (
                      <Link to={`/contract/${p.listing.contractId}`} title={p.listing.title}>
                        {p.listing.title}
                      </Link>
                    ) : (
                      <span className="dim">No live listing</span>
                    )}
                  </td>
                  <td className="num">{formatCount(p.transactions)}</td>
                  <td className="num">{formatMoney(p.volume)}</td>
                  <td className="num up">{formatMoney(p.earnings)}</td>
                  <td className="num amber">{formatMoney(Number(p.volume) - Number(p.earnings))}</td>
                </tr>
              ))}
            </tbody>
          </Ranking>
        </TableScroll>
      )}
    </Panel>
  );
}
