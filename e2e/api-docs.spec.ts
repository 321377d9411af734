import { expect, test } from './fixtures.ts';

// The REST reference (/api/docs): reached from the footer of any page, drawn from
// /api/openapi.json by files the server serves itself, so it works with no network beyond this
// server (every other host is refused here, as it would be offline).

test('the footer leads to the REST reference, which renders offline with every tag and the key scheme', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  await page.route('**/*', (route) => {
    if (new URL(route.request().url()).origin === origin) return route.continue();
    elsewhere.push(route.request().url());
    return route.abort();
  });
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(String(error)));

  await page.goto('/browse');
  await page.getByRole('contentinfo').getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(/\/api\/docs$/);
  await expect(page.getByRole('heading', { name: /Data Pit REST API/ })).toBeVisible();
  for (const tag of ['Accounts', 'Market', 'Listings', 'Payments', 'Data delivery', 'Messages', 'Support', 'Trading']) {
    await expect(page.getByRole('link', { name: tag, exact: true })).toBeVisible();
  }
  // one block per operation of the document (api/rest/openapi.test.ts ties those to the routes)
  const document = (await (await page.request.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.values(document.paths).reduce((n, methods) => n + Object.keys(methods).filter((m) => m !== 'parameters').length, 0);
  expect(operations).toBeGreaterThanOrEqual(47);
  await expect(page.locator('.opblock')).toHaveCount(operations);

  // an operation opens with its parameters, its body example and the error shape
  await page.locator('.opblock-summary', { hasText: '/data/download/{contractId}' }).click();
  const download = page.locator('.opblock.is-open');
  await expect(download).toContainText('X-API-Key');
  await expect(download).toContainText('Range');
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByRole('heading', { name: 'Available authorizations' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'apiKey (apiKey)' })).toBeVisible();

  expect(elsewhere).toEqual([]);
  expect(failures).toEqual([]);
});
