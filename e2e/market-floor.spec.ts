import { expect, gql, test } from './fixtures.ts';
import { cards, contracts, countText, expectCount, PAGE_SIZE, pagerText, pricesOf, titlesOf, money } from './market.ts';

// The trading floor on '/': hero figures, the filter sidebar, LIVE POSITIONS, sort, grid/list and
// the pager. /browse browses the same way (e2e/market-browse.spec.ts); the search boxes are in
// e2e/market-search.spec.ts.

// Long journeys (each filters, reloads and walks every card): more room than the default 30 s
// when the machine runs other builds at the same time.
test.describe.configure({ timeout: 60_000 });

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
  await expectCount(page, all.totalCount);
  expect(await titlesOf(page.getByTestId('contract-list'))).toEqual(all.titles);
  await expect(page.getByTestId('pager-status')).toHaveText(pagerText(1, all.totalCount));
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
  await expectCount(page, all.totalCount);

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
  await expectCount(page, all.totalCount);

  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL('/?category=financial&minPrice=100&maxPrice=2000');
  await expectCount(page, expected.totalCount);
  for (const card of await cards(page).all()) {
    await expect(card.getByTestId('contract-category')).toHaveText('Financial Data');
    await expect(card.getByTestId('contract-ticker')).toHaveText('FINX');
    const price = money(await card.getByTestId('contract-price').textContent());
    expect(price).toBeGreaterThanOrEqual(100);
    expect(price).toBeLessThanOrEqual(2000);
  }

  // the URL is the state: a reload shows the same filtered floor with the form filled in
  await page.reload();
  await expectCount(page, expected.totalCount);
  await expect(financial).toBeChecked();
  await expect(page.getByLabel('Min price', { exact: true })).toHaveValue('100');

  // Reset clears every filter
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL('/');
  await expectCount(page, all.totalCount);
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
  await expectCount(page, expected.totalCount);
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
  await expect(sort.locator('option')).toHaveText(['Most relevant', 'Newest', 'Price: low to high', 'Price: high to low', 'Highest rated', 'Most popular']);
  await sort.selectOption({ label: 'Price: high to low' });

  await expect(page).toHaveURL('/?sort=PRICE_HIGH');
  await expect(cards(page).first().getByRole('heading')).toHaveText(expected.titles[0]!);
  const prices = await pricesOf(page);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
  expect(prices).toEqual(expected.rows.map((r) => Number(r.price)));

  // skeleton cards stand in while a page loads
  const low = await contracts(request, { sort: 'PRICE_LOW' });
  await page.route('**/graphql', async (route) => {
    if ((route.request().postDataJSON() as { operationName?: string }).operationName === 'MarketContractsQuery') {
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
  expect(first.totalCount, 'more than one page of demo contracts').toBeGreaterThan(PAGE_SIZE);

  await page.goto('/');
  await expect(page.getByTestId('pager-status')).toHaveText(pagerText(1, first.totalCount));
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL('/?page=2');
  await expect(page.getByTestId('pager-status')).toHaveText(pagerText(2, first.totalCount));
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(cards(page)).toHaveCount(second.titles.length);
  // page 1 also has 12 cards: wait for page 2's own titles
  await expect.poll(() => titlesOf(page.getByTestId('contract-list'))).toEqual(second.titles);
  const titles = await titlesOf(page.getByTestId('contract-list'));
  expect(titles.filter((t) => first.titles.includes(t))).toEqual([]);

  // back returns to page 1; a numbered button jumps straight to a page
  await page.goBack();
  await expect(page.getByTestId('pager-status')).toHaveText(pagerText(1, first.totalCount));
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByTestId('pager-status')).toHaveText(pagerText(2, first.totalCount));
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL('/');
  // the page-2 cards stay up until page 1 has loaded: wait for page 1, not just the URL
  await expect(page.getByTestId('pager-status')).toHaveText(pagerText(1, first.totalCount));
  await expect.poll(() => titlesOf(page.getByTestId('contract-list'))).toEqual(first.titles);
});

test('the grid/list toggle changes the layout', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/');
  const grid = page.getByRole('button', { name: 'Grid view' });
  const list = page.getByRole('button', { name: 'List view' });
  await expect(grid).toHaveAttribute('aria-pressed', 'true');
  await expect(list).toHaveAttribute('aria-pressed', 'false');
  await expect(cards(page)).toHaveCount(PAGE_SIZE);

  // grid: cards side by side
  const [a, b] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox()];
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);

  await list.click();
  await expect(page).toHaveURL('/?view=list');
  await expect(list).toHaveAttribute('aria-pressed', 'true');
  await expect(grid).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('contract-list')).toHaveAttribute('data-layout', 'list');
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
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
  await expectCount(page, all.totalCount);
});

test('a failed contracts list says so and retries', async ({ page, consoleGuard }) => {
  // the browser logs the failed request, and React reports the error its boundary caught
  consoleGuard.allow(/status of 500|Failed to fetch contracts|500: boom|ErrorBoundary|above error/i);
  let fail = true;
  await page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    if (fail && body?.operationName === 'MarketContractsQuery') {
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
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  await expect(alert).toHaveCount(0);
});
