import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The first paint names the page (docs/decisions.md): the server paints the heading of the floor,
// of the marketplace and of a contract's page into the boot frame (api/http/boot-head.ts), the loading skeleton keeps it
// in place, and the screen then renders the same words. These journeys fail when a screen's
// heading and its boot head drift apart.

const PAGES = [
  { path: '/', screenTitle: '#floor-title' },
  { path: '/browse', screenTitle: 'main h1' },
] as const;
// A contract's page has its title from the database, for contracts anyone may see (last journeys).

type Head = { eyebrow: string | null; title: string; subtitle: string | null };

/** The boot head as the HTML alone draws it (no script runs). */
async function bootHead(browser: Browser, path: string): Promise<Head> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(path);
    const head = page.locator('.boot-head');
    await expect(head.locator('h1')).toBeVisible();
    return await head.evaluate((el) => ({
      eyebrow: el.querySelector('.boot-eyebrow')?.textContent ?? null,
      title: el.querySelector('h1')!.textContent!,
      subtitle: el.querySelector('.boot-sub')?.textContent ?? null,
    }));
  } finally {
    await context.close();
  }
}

/** The same three lines as the rendered screen shows them (the h1 and its neighbours). */
async function screenHead(page: Page, selector: string): Promise<Head> {
  const title = page.locator(selector);
  await expect(title).toBeVisible();
  return title.evaluate((h1) => {
    const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? null;
    return { eyebrow: text(h1.previousElementSibling), title: text(h1)!, subtitle: text(h1.nextElementSibling) };
  });
}

for (const { path, screenTitle } of PAGES) {
  test(`${path}: the HTML names the page before any script runs, in the screen's own words`, async ({ browser, page }) => {
    const boot = await bootHead(browser, path);
    await page.goto(path);
    expect(await screenHead(page, screenTitle)).toEqual(boot);
    // the boot frame and the loading skeleton are gone: one h1 on the page
    await expect(page.locator('h1')).toHaveCount(1);
  });
}

test("a contract's page names the contract before any script runs, as its heading does", async ({ browser, page, request }) => {
  const [contract] = (await (await request.get('/api/contracts?limit=1')).json()) as Array<{ id: string; title: string }>;
  const boot = await bootHead(browser, `/contract/${contract!.id}`);
  expect(boot).toEqual({ eyebrow: null, title: contract!.title, subtitle: null });
  await page.goto(`/contract/${contract!.id}`);
  await expect(page.locator('#contract-title')).toHaveText(contract!.title);
  await expect(page.locator('h1')).toHaveCount(1);
});

test('while the data loads, the skeleton keeps the heading the HTML painted', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/browse');
  const skeleton = page.getByTestId('boot-head');
  await expect(skeleton.getByRole('heading', { level: 1, name: 'MARKETPLACE' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]').first()).toBeVisible();
  release();
  await expect(page.locator('main h1')).toHaveText('MARKETPLACE');
  await expect(skeleton).toHaveCount(0);
});

test('a page without a boot head starts from the plain frame', async ({ page }) => {
  const html = await (await page.request.get('/auth/login')).text();
  expect(html).not.toContain('class="boot-head"');
  // an unknown contract gets no heading either (nor would a pending or rejected one)
  expect(await (await page.request.get('/contract/01a18bf3-cdc4-7de2-b096-8250beba70c6')).text()).not.toContain('class="boot-head"');
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('boot-head')).toHaveCount(0);
});
