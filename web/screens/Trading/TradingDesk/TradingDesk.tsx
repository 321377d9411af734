import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useSession } from '../../../session/useSession.ts';
import type { TradingDeskQuery as TradingDeskQueryType } from '../../../__generated__/TradingDeskQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import type { ChosenContract } from './chosenContract.ts';
import { TradingBoard } from './TradingBoard.tsx';
import { TradingDeskQuery, type TradingDeskLoaderData } from './TradingDeskQuery.ts';

// /trading: paper positions for logged-in traders; logged out, Access Denied with a way to log in.
export function TradingDesk() {
  usePageTitle('Trading');
  const { query } = useLoaderData() as TradingDeskLoaderData;
  const data = usePreloadedQuery<TradingDeskQueryType>(TradingDeskQuery, query);
  const session = useSession();
  const viewer = session.viewer ? data.viewer : null;

  if (!viewer) {
    return (
      <EmptyState
        page
        icon="lock"
        title="Access Denied"
        description="Please log in to open and follow positions."
        action={
          <ButtonLink to={`/auth/login?next=${encodeURIComponent('/trading')}`} variant="primary">
            LOGIN
          </ButtonLink>
        }
      />
    );
  }

  const pre = data.preselected;
  const preselected: ChosenContract | null =
    pre && pre.status === 'active' ? { id: pre.id, contractId: pre.contractId, title: pre.title, ticker: pre.ticker, marketPrice: pre.marketPrice } : null;
  // a new ?contract= starts a new ticket
  return <TradingBoard key={preselected?.id ?? ''} viewer={viewer} preselected={preselected} />;
}

