import { expect, gql, test } from './fixtures.ts';
import { cards, contracts, countText, expectCount, MARKET_PAGES, PAGE_SIZE, pagerText, pricesOf, titlesOf } from './market.ts';

// /browse, and what it shares with the floor: one way to browse in two layouts (docs/decisions.md
// "One way to browse"): the same filters applied with Apply, pages of 12 with the pager, the same
// sorts, counts and card actions. The floor's own journeys are in e2e/market-floor.spec.ts.

test.describe.configure({ timeout: 60_000 });

/** '/' + '?a=b' reads '/?a=b'; '/browse' + '' reads '/browse'. */
const at = (path: string, query = '') => `${path}${query}`;

for (const path of MARKET_PAGES) {
  test(`${path}: filters wait for Apply, 12 a page with the pager, PREVIEW and BUY on every card`, async ({ page, request }) => {
    const all = await contracts(request);
    const financial = await contracts(request, { filter: { category: 'financial' } });
    const second = await contracts(request, { page: 2 });
    expect(all.totalCount, 'more than one page of demo contracts').toBeGreaterThan(PAGE_SIZE);

    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'LIVE POSITIONS' })).toBeVisible();
    await expectCount(page, all.totalCount);
    await expect(page.getByTestId('pager-status')).toHaveText(pagerText(1, all.totalCount));
    await expect(page.getByRole('combobox', { name: 'Sort' }).locator('option')).toHaveText([
      'Most relevant', 'Newest', 'Price: low to high', 'Price: high to low', 'Highest rated', 'Most popular',
    ]);

    // every card: PREVIEW and BUY to the contract's page, and nothing else
    const first = cards(page).first();
    await expect(first.getByRole('link', { name: /^PREVIEW/ })).toHaveAttribute('href', `/contract/${all.rows[0]!.contractId}`);
    await expect(first.getByRole('link', { name: /^BUY/ })).toHaveAttribute('href', `/contract/${all.rows[0]!.contractId}`);
    await expect(page.getByRole('link', { name: /VIEW & BID/ })).toHaveCount(0);
    await expect(cards(page).getByRole('link', { name: /^PREVIEW/ })).toHaveCount(PAGE_SIZE);
    await expect(cards(page).getByRole('link', { name: /^BUY/ })).toHaveCount(PAGE_SIZE);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

    // the pager, in the page's own address
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(at(path, '?page=2'));
    await expect(page.getByTestId('pager-status')).toHaveText(pagerText(2, all.totalCount));
    await expect.poll(() => titlesOf(page.getByTestId('contract-list'))).toEqual(second.titles);

    // a sector is a draft until Apply, which goes back to page 1
    await page.getByRole('checkbox', { name: 'Financial Data' }).check();
    await expect(page).toHaveURL(at(path, '?page=2'));
    await expect(page.getByTestId('pager-status')).toHaveText(pagerText(2, all.totalCount));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(at(path, '?category=financial'));
    await expectCount(page, financial.totalCount);
    expect(await titlesOf(page.getByTestId('contract-list'))).toEqual(financial.titles);

    // Reset clears it again
    await page.getByRole('button', { name: 'Reset' }).first().click();
    await expect(page).toHaveURL(path);
    await expectCount(page, all.totalCount);
  });
}

test('the same address shows the same contracts on the floor and on /browse', async ({ page, request }) => {
  const query = '?rating=4&freshness=daily,weekly&sort=PRICE_HIGH&view=list';
  const expected = await contracts(request, { filter: { minProviderRating: 4, freshness: ['daily', 'weekly'] }, sort: 'PRICE_HIGH' });
  expect(expected.totalCount).toBeGreaterThan(1);
  const seen: string[][] = [];
  for (const path of MARKET_PAGES) {
    await page.goto(at(path, query));
    await expect(page.getByTestId('contract-list')).toHaveAttribute('data-layout', 'list');
    await expect(page.getByRole('radio', { name: '4.0+ (Excellent)' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Weekly' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('PRICE_HIGH');
    await expect.poll(() => titlesOf(page.getByTestId('contract-list'))).toEqual(expected.titles);
    seen.push(await titlesOf(page.getByTestId('contract-list')));
  }
  expect(seen[0]).toEqual(seen[1]);
});

test('/browse filters by sector, price and sort, and PREVIEW opens the contract', async ({ page, request }) => {
  const { categories } = await gql<{ categories: { slug: string; label: string }[] }>(request, '{ categories { slug label } }');
  const healthcare = await contracts(request, { filter: { category: 'healthcare' }, sort: 'PRICE_HIGH' });
  expect(healthcare.totalCount).toBeGreaterThan(1);
  const all = await contracts(request);

  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'MARKETPLACE' })).toBeVisible();
  await expectCount(page, all.totalCount);
  expect(await titlesOf(page.getByTestId('contract-list'))).toEqual(all.titles);

  // the sectors, labels from the API
  for (const label of ['Financial Data', 'Consumer Behavior', 'Social Media', 'E-commerce', 'Healthcare', 'Real Estate', 'Transportation', 'Energy', 'Entertainment', 'Education']) {
    await expect(page.getByRole('checkbox', { name: label })).toHaveCount(1);
    expect(categories.map((c) => c.label)).toContain(label);
  }

  await page.getByRole('checkbox', { name: 'Healthcare' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL('/browse?category=healthcare');
  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Price: high to low' });
  await expect(page).toHaveURL('/browse?category=healthcare&sort=PRICE_HIGH');
  await expect(countText(page)).toHaveText(`${healthcare.totalCount} contracts trading • Market open`);
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

  // a price range typed into the boxes narrows the list, on Apply
  // the boxes step by $50, as the slider does
  const cap = Math.ceil(Math.min(...healthcare.rows.map((r) => Number(r.price))) / 50) * 50;
  const cheap = await contracts(request, { filter: { category: 'healthcare', maxPrice: String(cap) }, sort: 'PRICE_HIGH' });
  expect(cheap.totalCount).toBeLessThan(healthcare.totalCount);
  await page.getByLabel('Max price', { exact: true }).fill(String(cap));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(`/browse?category=healthcare&maxPrice=${cap}&sort=PRICE_HIGH`);
  await expectCount(page, cheap.totalCount);
  await page.getByLabel('Max price', { exact: true }).fill('5000');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL('/browse?category=healthcare&sort=PRICE_HIGH');

  // an old /browse link with a sort slug keeps its order
  await page.goto('/browse?category=healthcare&sort=price-high');
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('PRICE_HIGH');
  await expect.poll(() => pricesOf(page)).toEqual(healthcare.rows.map((r) => Number(r.price)));

  // PREVIEW goes to the contract page
  await cards(page).first().getByRole('link', { name: /^PREVIEW/ }).click();
  await expect(page).toHaveURL(`/contract/${healthcare.rows[0]!.contractId}`);
});

test('/browse: list layout keeps the page, search and the empty state', async ({ page, request }) => {
  const all = await contracts(request);
  const second = await contracts(request, { page: 2 });

  await page.goto('/browse');
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL('/browse?page=2');
  await expect.poll(() => titlesOf(page.getByTestId('contract-list'))).toEqual(second.titles);

  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page).toHaveURL('/browse?page=2&view=list');
  await expect(page.getByTestId('contract-list')).toHaveAttribute('data-layout', 'list');
  // switching the layout keeps the page
  await expect(page.getByTestId('pager-status')).toHaveText(pagerText(2, all.totalCount));
  expect(await titlesOf(page.getByTestId('contract-list'))).toEqual(second.titles);

  const found = await contracts(request, { filter: { search: 'equities' } });
  const box = page.getByRole('searchbox', { name: 'Search ticker symbols' });
  await box.fill('equities');
  await box.press('Enter');
  await expect(page).toHaveURL('/browse?search=equities');
  await expectCount(page, found.totalCount);
  await expect(cards(page).filter({ hasText: 'NASDAQ' })).toBeVisible();

  await box.fill('zzqx nothing');
  await box.press('Enter');
  await expect(page.getByText('No contracts match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Reset', exact: true }).last().click();
  await expect(page).toHaveURL('/browse');
  await expect(box).toHaveValue('');
  await expectCount(page, all.totalCount);
});
