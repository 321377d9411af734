import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import type { TradingFloorQuery as TradingFloorQueryType } from '../../../__generated__/TradingFloorQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { MarketBrowser } from '../shared/MarketBrowser.tsx';
import { FloorHero } from './FloorHero.tsx';
import { TradingFloorQuery, type TradingFloorLoaderData } from './TradingFloorQuery.ts';

/** '/': the trading floor, its live figures above the market with the filters at its side. */
export function TradingFloor() {
  usePageTitle('Trading floor');
  const { query, contracts } = useLoaderData() as TradingFloorLoaderData;
  const data = usePreloadedQuery<TradingFloorQueryType>(TradingFloorQuery, query);
  return (
    <>
      <FloorHero marketStats={data.marketStats} />
      <MarketBrowser layout="sidebar" categories={data.categories} contracts={contracts} />
    </>
  );
}
