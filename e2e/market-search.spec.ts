import { expect, test } from './fixtures.ts';
import { cards, contracts, expectCount, MARKET_PAGES } from './market.ts';

// The market's search boxes: the header's on a wide screen, the page's own on a phone. Each
// searches the market where the visitor browses it (docs/decisions.md "One way to browse").

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
  await expectCount(page, found.totalCount);
  await expect(cards(page).filter({ hasText: 'US Equities Level-2 Order Book (NASDAQ' })).toBeVisible();

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('search-chip')).toHaveCount(0);
  await expect(box).toHaveValue('');
  await expectCount(page, all.totalCount);
});

for (const path of MARKET_PAGES) {
  test(`on a phone ${path} has its own search box: the same search as the header one`, async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const all = await contracts(request);
    const found = await contracts(request, { filter: { search: 'equities' } });
    await page.goto(path);
    // one search box, on the page (the header's is for wide screens), in the first screenful
    const box = page.getByRole('searchbox', { name: 'Search ticker symbols' });
    await expect(box).toHaveCount(1);
    await expect(box).toBeVisible();
    await expect(box).toBeInViewport();
    expect(await box.evaluate((el) => !!el.closest('main'))).toBe(true);

    await box.fill('  equities ');
    await box.press('Enter');
    await expect(page).toHaveURL(`${path}?search=equities`);
    await expect(page.getByTestId('search-chip')).toContainText('equities');
    await expectCount(page, found.totalCount);
    await expect(cards(page).filter({ hasText: 'US Equities Level-2 Order Book (NASDAQ' })).toBeVisible();
    await expect(box).toHaveValue('equities');

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).toHaveURL(path);
    await expect(box).toHaveValue('');
    await expectCount(page, all.totalCount);
    // nothing on the page is wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}

test('on /browse the header search box searches /browse; elsewhere it opens the floor', async ({ page, request }) => {
  const found = await contracts(request, { filter: { search: 'equities' } });
  const box = page.getByRole('searchbox', { name: 'Search ticker symbols' });

  await page.goto('/browse?view=list');
  await box.fill(' equities ');
  await box.press('Enter');
  await expect(page).toHaveURL('/browse?search=equities');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('MARKETPLACE');
  await expect(page.getByTestId('search-chip')).toContainText('equities');
  await expectCount(page, found.totalCount);
  await expect(box).toHaveValue('equities');

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL('/browse');
  await expect(box).toHaveValue('');

  // from a page that is not a market page, the search goes to the floor
  await page.goto('/trading');
  await box.fill('equities');
  await box.press('Enter');
  await expect(page).toHaveURL('/?search=equities');
  await expectCount(page, found.totalCount);
});
