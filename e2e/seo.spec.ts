import { expect, gql, test } from './fixtures.ts';

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

// The provider's public profile (docs/decisions.md "Issue 28: the provider's public profile").
test("a visitor goes from a contract to its provider's profile, their listings and back to one", async ({ page, request }) => {
  const { contracts } = await gql<{ contracts: { edges: { node: { contractId: string; title: string; provider: { name: string; username: string } } }[] } }>(
    request,
    '{ contracts(first: 1, sort: POPULAR) { edges { node { contractId title provider { name username } } } } }',
  );
  const contract = contracts.edges[0]!.node;
  const { provider } = await gql<{ provider: { activeListings: { totalCount: number } } }>(request, 'query($u: String!) { provider(username: $u) { activeListings(first: 1) { totalCount } } }', {
    u: contract.provider.username,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/contract/${contract.contractId}`);
  await page.getByTestId('provider-profile-link').click();
  await expect(page).toHaveURL(new RegExp(`/provider/${contract.provider.username}$`));
  await expect(page.getByRole('heading', { level: 1, name: contract.provider.name })).toBeVisible();
  await expect(page).toHaveTitle(`${contract.provider.name}, data provider · DATA PIT`);
  await expect(page.getByTestId('provider-verified')).toBeVisible();
  const figures = page.getByTestId('provider-figures');
  for (const label of ['Rating', 'Completed sales', 'Member since', 'On time']) await expect(figures).toContainText(label, { ignoreCase: true });
  const listings = page.getByTestId('provider-listings');
  await expect(listings).toContainText(`Active listings ${provider.activeListings.totalCount}`, { ignoreCase: true });
  await expect(listings.getByRole('link', { name: contract.title, exact: true })).toBeVisible();
  // nothing private on the page
  await expect(page.locator('body')).not.toContainText('@datapit.demo');
  // no card overflows the phone's width
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // the page opens at its top (the link was low on the contract page)
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.screenshot({ path: 'test-results/provider-profile-390.png', fullPage: false });
  // a card's provider name leads to the same profile; the card's title to the listing
  await listings.getByRole('link', { name: contract.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/contract/${contract.contractId}$`));
  await expect(page.locator('#contract-title')).toHaveText(contract.title);
});

test("a provider's profile tells a crawler who they are, without any script; no one's profile is not indexed", async ({ browser, request, baseURL }) => {
  const { contracts } = await gql<{ contracts: { edges: { node: { provider: { name: string; username: string } } }[] } }>(request, '{ contracts(first: 1) { edges { node { provider { name username } } } } }');
  const { name, username } = contracts.edges[0]!.node.provider;
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`/provider/${username}`);
    await expect(page).toHaveTitle(`${name}, data provider · DATA PIT`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/provider/${username}`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'profile');
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
    expect(ld).toMatchObject({ '@type': 'ProfilePage', mainEntity: { name, url: `${baseURL}/provider/${username}` } });
    await page.goto('/provider/no-such-provider-here');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  } finally {
    await context.close();
  }
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${baseURL}/provider/${username}</loc>`);
});
