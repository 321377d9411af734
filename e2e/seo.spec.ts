import { expect, test } from './fixtures.ts';

// Found by search engines (docs/decisions.md "Issue 28: found by search engines"): what a crawler
// reads without running a script, and the tab's title as a visitor moves on.

test("a contract's page tells a crawler what it sells, without any script", async ({ browser, request, baseURL }) => {
  const [contract] = (await (await request.get('/api/contracts?limit=1')).json()) as Array<{ id: string; title: string }>;
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`/contract/${contract!.id}`);
    await expect(page).toHaveTitle(`${contract!.title} · DATA PIT`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/contract/${contract!.id}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${contract!.title} · DATA PIT`);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'Dataset', name: contract!.title, isAccessibleForFree: false, offers: { '@type': 'Offer', priceCurrency: 'USD' } });
  } finally {
    await context.close();
  }
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${baseURL}/contract/${contract!.id}</loc>`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain('Disallow: /dashboard');
});

test("the tab's title follows the visitor from the page they landed on", async ({ page, request }) => {
  const [contract] = (await (await request.get('/api/contracts?limit=1')).json()) as Array<{ id: string; title: string }>;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/contract/${contract!.id}`);
  await expect(page.locator('#contract-title')).toHaveText(contract!.title);
  await expect(page).toHaveTitle(`${contract!.title} · DATA PIT`);
  await page.getByRole('link', { name: 'BROWSE', exact: true }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page).toHaveTitle('Browse the marketplace · DATA PIT');
  await page.goBack();
  await expect(page).toHaveTitle(`${contract!.title} · DATA PIT`);
});
