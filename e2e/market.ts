import { offsetToCursor } from '@pothos/plugin-relay';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, gql } from './fixtures.ts';

// Helpers of the market journeys (the floor on '/' and /browse browse the same way: docs/decisions.md
// "One way to browse"). Expectations are read from the API, so the journeys hold whatever the demo
// market holds.

/** Contracts per page, on the floor and on /browse alike. */
export const PAGE_SIZE = 12;

/** The two places the market is browsed: the same behaviour, two layouts. */
export const MARKET_PAGES = ['/', '/browse'] as const;

export type ContractRow = {
  contractId: string;
  title: string;
  price: string;
  categoryLabel: string;
  updateFrequency: string;
  provider: { rating: number | null };
};
export type ContractsPage = { totalCount: number; titles: string[]; rows: ContractRow[] };

const CONTRACTS = `
  query ($first: Int, $after: String, $filter: ContractFilter, $sort: ContractSort) {
    contracts(first: $first, after: $after, filter: $filter, sort: $sort) {
      totalCount
      edges { node { contractId title price categoryLabel updateFrequency provider { rating } } }
    }
  }`;

/** One page of contracts as the API gives it (a page of the screens by default). */
export async function contracts(
  request: APIRequestContext,
  opts: { filter?: Record<string, unknown>; sort?: string; page?: number; first?: number } = {},
): Promise<ContractsPage> {
  const first = opts.first ?? PAGE_SIZE;
  const page = opts.page ?? 1;
  // the server's own cursor of the previous page's last item
  const after = page > 1 ? offsetToCursor((page - 1) * first - 1) : null;
  const { contracts: c } = await gql<{ contracts: { totalCount: number; edges: { node: ContractRow }[] } }>(request, CONTRACTS, {
    first,
    after,
    filter: opts.filter ?? null,
    sort: opts.sort ?? 'MOST_RELEVANT',
  });
  const rows = c.edges.map((e) => e.node);
  return { totalCount: c.totalCount, rows, titles: rows.map((r) => r.title) };
}

export const cards = (page: Page) => page.getByTestId('contract-card');
export const countText = (page: Page) => page.getByTestId('positions-count');
export const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

export async function titlesOf(list: Locator): Promise<string[]> {
  return list.getByRole('heading', { level: 3 }).allTextContents();
}

export async function pricesOf(page: Page): Promise<number[]> {
  return (await cards(page).getByTestId('contract-price').allTextContents()).map(money);
}

/** The page shows `n` results: the count line and the number of cards on the first page. */
export async function expectCount(page: Page, n: number) {
  await expect(countText(page)).toHaveText(`${n} ${n === 1 ? 'contract' : 'contracts'} trading • Market open`);
  await expect(cards(page)).toHaveCount(Math.min(n, PAGE_SIZE));
}

/** 'Showing 1-12 of 40' for page `p`. */
export function pagerText(p: number, total: number): string {
  return `Showing ${(p - 1) * PAGE_SIZE + 1}-${Math.min(p * PAGE_SIZE, total)} of ${total}`;
}
