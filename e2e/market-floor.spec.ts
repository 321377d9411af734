import { offsetToCursor } from '@pothos/plugin-relay';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, gql, test } from './fixtures.ts';

// The market: the trading floor on '/' (hero figures, filter sidebar, LIVE POSITIONS, sort,
// grid/list, pager, header search) and /browse (category, sort, VIEW & BID).
// Expectations are read from the API, so the journeys hold whatever the demo market holds.

// Long journeys (each filters, reloads and walks every card): more room than the default 30 s
// when the machine runs other builds at the same time.
test.describe.configure({ timeout: 60_000 });

type ContractRow = {
  contractId: string;
  title: string;
  price: string;
  categoryLabel: string;
  updateFrequency: string;
  provider: { rating: number | null };
};
type Page_ = { totalCount: number; titles: string[]; rows: ContractRow[] };

const CONTRACTS = `
  query ($first: Int, $after: String, $filter: ContractFilter, $sort: ContractSort) {
    contracts(first: $first, after: $after, filter: $filter, sort: $sort) {
      totalCount
      edges { node { contractId title price categoryLabel updateFrequency provider { rating } } }
    }
  }`;

async function contracts(
  request: APIRequestContext,
  opts: { filter?: Record<string, unknown>; sort?: string; page?: number; first?: number } = {},
): Promise<Page_> {
  const first = opts.first ?? 10;
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

const cards = (page: Page) => page.getByTestId('contract-card');
const countText = (page: Page) => page.getByTestId('positions-count');
const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

async function titlesOf(list: Locator): Promise<string[]> {
  return list.getByRole('heading', { level: 3 }).allTextContents();
}

async function pricesOf(page: Page): Promise<number[]> {
  return (await cards(page).getByTestId('contract-price').allTextContents()).map(money);
}

/** The floor shows `n` results: the count line and the number of cards on the first page. */
async function expectFloorCount(page: Page, n: number) {
  await expect(countText(page)).toHaveText(`${n} ${n === 1 ? 'contract' : 'contracts'} trading • Market open`);
  await expect(cards(page)).toHaveCount(Math.min(n, 10));
}

test('the floor shows live figures, the first page of contracts and real 24h changes', async ({ page, request }) => {
  const { marketStats: stats } = await gql<{
    marketStats: { activeContracts: number; totalUsers: number; totalVolume: string; totalTransactions: number };
  }>(request, '{ marketStats { activeContracts totalUsers totalVolume totalTransactions } }');
  const all = await contracts(request);

  await page.goto('/');
  const figures = page.getByTestId('floor-stats');
  const n = (v: number) => v.toLocaleString('en-US');
  await expect(figures).toContainText(`Active Contracts${n(stats.activeContracts)}`);
  await expect(figures).toContainText(`Registered Users${n(stats.totalUsers)}`);
  await expect(figures).toContainText(`Total Volume${Number(stats.totalVolume).toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })}`);
  await expect(figures).toContainText(`Completed Transactions${n(stats.totalTransactions)}`);
  const hero = page.getByRole('region', { name: /DATA TRADING FLOOR/ });
  await expect(hero.getByRole('link', { name: 'ENTER THE PIT' })).toHaveAttribute('href', '/browse');
  await expect(hero.getByRole('link', { name: 'LIST DATA' })).toHaveAttribute('href', '/list-data');

  await expect(page.getByRole('heading', { name: 'LIVE POSITIONS' })).toBeVisible();
  await expectFloorCount(page, all.totalCount);
  expect(await titlesOf(page.getByTestId('contract-list'))).toEqual(all.titles);
  await expect(page.getByTestId('pager-status')).toHaveText(`Showing 1-10 of ${all.totalCount}`);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  // no fixed placeholders: each change is '—' or a signed amount with its percentage
  for (const change of await cards(page).getByTestId('contract-change').allTextContents()) {
    expect(change).not.toContain('-2.1%');
    expect(change).toMatch(/^(—.*|▲ Up \+\$[\d,]+\.\d\d \(\+\d+\.\d%\)|▼ Down -\$[\d,]+\.\d\d \(-\d+\.\d%\)|■ Unchanged \$0\.00 \(0\.0%\))$/);
  }
  // PREVIEW and BUY open the contract
  const first = cards(page).first();
  await expect(first.getByRole('link', { name: /^BUY/ })).toHaveAttribute('href', `/contract/${all.rows[0]!.contractId}`);
  await expect(first.getByRole('link', { name: /^PREVIEW/ })).toHaveAttribute('href', `/contract/${all.rows[0]!.contractId}`);
});

test('a sector and a price range, applied, filter the floor', async ({ page, request }) => {
  const all = await contracts(request);
  const expected = await contracts(request, { filter: { category: 'financial', minPrice: '100', maxPrice: '2000' } });
  expect(expected.totalCount, 'the demo market has financial contracts between $100 and $2,000').toBeGreaterThan(0);
  expect(expected.totalCount).toBeLessThan(all.totalCount);

  await page.goto('/');
  await expectFloorCount(page, all.totalCount);

  // one sector at a time: a new check replaces the previous one
  const financial = page.getByRole('checkbox', { name: 'Financial Data' });
  const healthcare = page.getByRole('checkbox', { name: 'Healthcare' });
  await financial.check();
  await healthcare.check();
  await expect(financial).not.toBeChecked();
  await healthcare.uncheck();
  await expect(healthcare).not.toBeChecked();
  await financial.check();

  // the slider moves in steps of 50 and feeds the exact boxes
  await page.getByRole('slider', { name: 'Maximum price' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByLabel('Max price', { exact: true })).toHaveValue('4950');
  await page.getByLabel('Min price', { exact: true }).fill('100');
  await page.getByLabel('Max price', { exact: true }).fill('2000');
  // nothing happens before Apply
  await expectFloorCount(page, all.totalCount);

  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL('/?category=financial&minPrice=100&maxPrice=2000');
  await expectFloorCount(page, expected.totalCount);
  for (const card of await cards(page).all()) {
    await expect(card.getByTestId('contract-category')).toHaveText('Financial Data');
    await expect(card.getByTestId('contract-ticker')).toHaveText('FINX');
    const price = money(await card.getByTestId('contract-price').textContent());
    expect(price).toBeGreaterThanOrEqual(100);
    expect(price).toBeLessThanOrEqual(2000);
  }

  // the URL is the state: a reload shows the same filtered floor with the form filled in
  await page.reload();
  await expectFloorCount(page, expected.totalCount);
  await expect(financial).toBeChecked();
  await expect(page.getByLabel('Min price', { exact: true })).toHaveValue('100');

  // Reset clears every filter
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL('/');
  await expectFloorCount(page, all.totalCount);
  await expect(financial).not.toBeChecked();
});

test('provider rating and data freshness are applied too', async ({ page, request }) => {
  const expected = await contracts(request, { filter: { minProviderRating: 4, freshness: ['daily', 'weekly'] } });
  expect(expected.totalCount).toBeGreaterThan(0);

  await page.goto('/');
  await page.getByRole('radio', { name: '4.0+ (Excellent)' }).check();
  await page.getByRole('checkbox', { name: 'Daily' }).check();
  await page.getByRole('checkbox', { name: 'Weekly' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();

  await expect(page).toHaveURL('/?rating=4&freshness=daily,weekly');
  await expectFloorCount(page, expected.totalCount);
  for (const card of await cards(page).all()) {
    await expect(card.getByTestId('contract-frequency')).toHaveText(/^(daily|weekly)$/);
    const stars = await card.getByTestId('contract-provider').getByRole('img').getAttribute('aria-label');
    expect(Number(/Rated ([\d.]+)/.exec(stars ?? '')?.[1])).toBeGreaterThanOrEqual(4);
  }
});

test('the sort dropdown orders the floor: price high to low', async ({ page, request }) => {
  const expected = await contracts(request, { sort: 'PRICE_HIGH' });

  await page.goto('/');
  const sort = page.getByRole('combobox', { name: 'Sort' });
  await expect(sort.locator('option')).toHaveText(['Most relevant', 'Newest', 'Price: low to high', 'Price: high to low', 'Highest rated']);
  await sort.selectOption({ label: 'Price: high to low' });

  await expect(page).toHaveURL('/?sort=PRICE_HIGH');
  await expect(cards(page).first().getByRole('heading')).toHaveText(expected.titles[0]!);
  const prices = await pricesOf(page);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
  expect(prices).toEqual(expected.rows.map((r) => Number(r.price)));

  // skeleton cards stand in while a page loads
  const low = await contracts(request, { sort: 'PRICE_LOW' });
  await page.route('**/graphql', async (route) => {
    if ((route.request().postDataJSON() as { operationName?: string }).operationName === 'TradingFloorContractsQuery') {
      await new Promise((resolve) => setTimeout(resolve, 800));
    }
    await route.continue();
  });
  await sort.selectOption({ label: 'Price: low to high' });
  await expect(page.getByTestId('contract-skeletons')).toBeVisible();
  await expect(page).toHaveURL('/?sort=PRICE_LOW');
  await expect(cards(page).first().getByRole('heading')).toHaveText(low.titles[0]!);
  const ascending = await pricesOf(page);
  expect(ascending).toEqual(low.rows.map((r) => Number(r.price)));
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
});

test('the pager pages through real results', async ({ page, request }) => {
  const first = await contracts(request);
  const second = await contracts(request, { page: 2 });
  expect(first.totalCount, 'more than one page of demo contracts').toBeGreaterThan(10);

  await page.goto('/');
  await expect(page.getByTestId('pager-status')).toHaveText(`Showing 1-10 of ${first.totalCount}`);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL('/?page=2');
  const to = Math.min(20, first.totalCount);
  await expect(page.getByTestId('pager-status')).toHaveText(`Showing 11-${to} of ${first.totalCount}`);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(cards(page)).toHaveCount(second.titles.length);
  // page 1 also has 10 cards: wait for page 2's own titles
  await expect.poll(() => titlesOf(page.getByTestId('contract-list'))).toEqual(second.titles);
  const titles = await titlesOf(page.getByTestId('contract-list'));
  expect(titles.filter((t) => first.titles.includes(t))).toEqual([]);

  // back returns to page 1; a numbered button jumps straight to a page
  await page.goBack();
  await expect(page.getByTestId('pager-status')).toHaveText(`Showing 1-10 of ${first.totalCount}`);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByTestId('pager-status')).toHaveText(`Showing 11-${to} of ${first.totalCount}`);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL('/');
  // the page-2 cards stay up until page 1 has loaded: wait for page 1, not just the URL
  await expect(page.getByTestId('pager-status')).toHaveText(`Showing 1-10 of ${first.totalCount}`);
  await expect.poll(() => titlesOf(page.getByTestId('contract-list'))).toEqual(first.titles);
});

test('the header search box filters the floor, and × clears it', async ({ page, request }) => {
  const all = await contracts(request);
  const found = await contracts(request, { filter: { search: 'equities' } });
  expect(found.titles.some((t) => t.includes('NASDAQ'))).toBe(true);

  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search ticker symbols' });
  await box.fill('equities');
  await box.press('Enter');

  await expect(page).toHaveURL('/?search=equities');
  await expect(page.getByTestId('search-chip')).toContainText('equities');
  await expectFloorCount(page, found.totalCount);
  await expect(cards(page).filter({ hasText: 'US Equities Level-2 Order Book (NASDAQ' })).toBeVisible();

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('search-chip')).toHaveCount(0);
  await expect(box).toHaveValue('');
  await expectFloorCount(page, all.totalCount);
});

test('on a phone the floor has its own search box: the same search as the header one', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const all = await contracts(request);
  const found = await contracts(request, { filter: { search: 'equities' } });
  await page.goto('/');
  // one search box, on the floor (the header's is for wide screens), in the first screenful
  const box = page.getByRole('searchbox', { name: 'Search ticker symbols' });
  await expect(box).toHaveCount(1);
  await expect(box).toBeVisible();
  await expect(box).toBeInViewport();
  expect(await box.evaluate((el) => !!el.closest('main'))).toBe(true);

  await box.fill('  equities ');
  await box.press('Enter');
  await expect(page).toHaveURL('/?search=equities');
  await expect(page.getByTestId('search-chip')).toContainText('equities');
  await expectFloorCount(page, found.totalCount);
  await expect(cards(page).filter({ hasText: 'US Equities Level-2 Order Book (NASDAQ' })).toBeVisible();
  await expect(box).toHaveValue('equities');

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL('/');
  await expect(box).toHaveValue('');
  await expectFloorCount(page, all.totalCount);
  // nothing on the floor is wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the grid/list toggle changes the layout', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/');
  const grid = page.getByRole('button', { name: 'Grid view' });
  const list = page.getByRole('button', { name: 'List view' });
  await expect(grid).toHaveAttribute('aria-pressed', 'true');
  await expect(list).toHaveAttribute('aria-pressed', 'false');
  await expect(cards(page)).toHaveCount(10);

  // grid: cards side by side
  const [a, b] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox()];
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);

  await list.click();
  await expect(page).toHaveURL('/?view=list');
  await expect(list).toHaveAttribute('aria-pressed', 'true');
  await expect(grid).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('contract-list')).toHaveAttribute('data-layout', 'list');
  await expect(cards(page)).toHaveCount(10);
  // list: one full-width row under the other
  const listBox = await page.getByTestId('contract-list').boundingBox();
  const [r1, r2] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox()];
  expect(r2!.y).toBeGreaterThanOrEqual(r1!.y + r1!.height - 1);
  expect(r1!.width).toBeGreaterThan(listBox!.width - 4);

  // the layout survives a reload; the grid comes back on request
  await page.reload();
  await expect(list).toHaveAttribute('aria-pressed', 'true');
  await grid.click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('contract-list')).toHaveAttribute('data-layout', 'grid');
});

test('no match shows the empty state, and Reset brings the floor back', async ({ page, request }) => {
  const all = await contracts(request);
  await page.goto('/?search=zzqx&minPrice=4950');
  await expect(page.getByText('No contracts match these filters')).toBeVisible();
  await expect(countText(page)).toHaveText('0 contracts trading • Market open');
  await page.getByRole('button', { name: 'Reset', exact: true }).last().click();
  await expect(page).toHaveURL('/');
  await expectFloorCount(page, all.totalCount);
});

test('a failed contracts list says so and retries', async ({ page, consoleGuard }) => {
  // the browser logs the failed request, and React reports the error its boundary caught
  consoleGuard.allow(/status of 500|Failed to fetch contracts|500: boom|ErrorBoundary|above error/i);
  let fail = true;
  await page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    if (fail && body?.operationName === 'TradingFloorContractsQuery') {
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'boom' }] }) });
    } else {
      await route.continue();
    }
  });

  await page.goto('/');
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch contracts' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('500: boom');
  // the rest of the floor still works
  await expect(page.getByTestId('floor-stats')).toBeVisible();

  fail = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(cards(page)).toHaveCount(10);
  await expect(alert).toHaveCount(0);
});

test('/browse filters by category and sort, pages on, and VIEW & BID opens the contract', async ({ page, request }) => {
  const { categories } = await gql<{ categories: { slug: string; label: string }[] }>(request, '{ categories { slug label } }');
  const healthcare = await contracts(request, { filter: { category: 'healthcare' }, sort: 'PRICE_HIGH', first: 12 });
  expect(healthcare.totalCount).toBeGreaterThan(1);
  const all = await contracts(request, { sort: 'NEWEST', first: 12 });

  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'MARKETPLACE' })).toBeVisible();
  await expect(page.getByTestId('browse-count')).toHaveText(`Showing ${Math.min(12, all.totalCount)} of ${all.totalCount} contracts`);
  expect(await titlesOf(page.getByTestId('contract-list'))).toEqual(all.titles);

  // All + the browse categories, labels from the API
  const category = page.getByRole('combobox', { name: 'Category' });
  const options = await category.locator('option').allTextContents();
  expect(options[0]).toBe('All');
  for (const label of ['Financial Data', 'Consumer Behavior', 'Social Media', 'E-commerce', 'Healthcare', 'Real Estate', 'Transportation', 'Energy', 'Entertainment', 'Education']) {
    expect(options).toContain(label);
    expect(categories.map((c) => c.label)).toContain(label);
  }
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort.locator('option')).toHaveText(['Newest', 'Price: Low to High', 'Price: High to Low', 'Highest Rated', 'Most Popular']);

  await category.selectOption({ label: 'Healthcare' });
  await expect(page).toHaveURL('/browse?category=healthcare');
  await sort.selectOption({ label: 'Price: High to Low' });
  await expect(page).toHaveURL('/browse?category=healthcare&sort=price-high');
  await expect(page.getByTestId('browse-count')).toHaveText(`Showing ${Math.min(12, healthcare.totalCount)} of ${healthcare.totalCount} contracts`);
  for (const card of await cards(page).all()) await expect(card.getByTestId('contract-category')).toHaveText('Healthcare');
  // the count is the same in either order: wait for the sorted prices themselves
  await expect.poll(() => pricesOf(page)).toEqual(healthcare.rows.map((r) => Number(r.price)));
  const prices = await pricesOf(page);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));

  // the real provider rating, not a fixed 4.8
  const top = cards(page).first();
  const rating = healthcare.rows[0]!.provider.rating;
  if (rating == null) await expect(top.getByRole('img', { name: 'No rating yet' })).toBeVisible();
  else await expect(top.getByRole('img', { name: new RegExp(`^Rated ${rating.toFixed(1)} out of 5`) })).toBeVisible();

  // a price range typed into the boxes narrows the list
  const cap = Math.ceil(Math.min(...healthcare.rows.map((r) => Number(r.price))));
  const cheap = await contracts(request, { filter: { category: 'healthcare', maxPrice: String(cap) }, sort: 'PRICE_HIGH', first: 12 });
  expect(cheap.totalCount).toBeLessThan(healthcare.totalCount);
  await page.getByLabel('Max price', { exact: true }).fill(String(cap));
  await expect(page).toHaveURL(`/browse?category=healthcare&sort=price-high&maxPrice=${cap}`);
  await expect(page.getByTestId('browse-count')).toHaveText(`Showing ${cheap.totalCount} of ${cheap.totalCount} contracts`);
  await page.getByLabel('Max price', { exact: true }).fill('');
  await expect(page).toHaveURL('/browse?category=healthcare&sort=price-high');

  // VIEW & BID goes to the contract page
  await top.getByRole('link', { name: /^VIEW & BID/ }).click();
  await expect(page).toHaveURL(`/contract/${healthcare.rows[0]!.contractId}`);
});

test('/browse: search, list layout and Load more', async ({ page, request }) => {
  const all = await contracts(request, { sort: 'NEWEST', first: 24 });
  expect(all.totalCount).toBeGreaterThan(12);

  await page.goto('/browse');
  await expect(cards(page)).toHaveCount(12);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards(page)).toHaveCount(Math.min(24, all.totalCount));
  await expect(page.getByTestId('browse-count')).toHaveText(`Showing ${Math.min(24, all.totalCount)} of ${all.totalCount} contracts`);
  expect(await titlesOf(page.getByTestId('contract-list'))).toEqual(all.titles);

  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page).toHaveURL('/browse?view=list');
  await expect(page.getByTestId('contract-list')).toHaveAttribute('data-layout', 'list');
  // switching the layout keeps the loaded pages
  await expect(cards(page)).toHaveCount(Math.min(24, all.totalCount));

  const found = await contracts(request, { filter: { search: 'equities' }, sort: 'NEWEST' });
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('equities');
  await expect(page).toHaveURL('/browse?search=equities&view=list');
  await expect(cards(page)).toHaveCount(found.totalCount);
  await expect(cards(page).filter({ hasText: 'NASDAQ' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('zzqx nothing');
  await expect(page.getByText('No contracts match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL('/browse?view=list');
  await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toHaveValue('');
  await expect(cards(page)).toHaveCount(12);
});
