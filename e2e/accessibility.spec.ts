import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, gql, test as base } from './fixtures.ts';

// axe-core on every route of web/routes.tsx, as each role that can open it: anonymous, the demo
// buyer, the demo provider and the demo administrator, with the dialogs of the back office and
// the user menu open. A serious or critical finding fails the journey; lesser ones are printed.
//
// Kept cheap (docs/decisions.md "Issue 28: CI time"): each role logs in once per worker and its
// browser context (cookies, the HTTP cache of the app's bundles) serves all of that role's
// journeys, each on a page of its own; axe collects details for violations only and runs in the
// page (no second, blank page per analysis); the trace records no screenshots.

// axe reads the whole page: on a busy 2-core machine a data-heavy screen takes a while
base.describe.configure({ timeout: 180_000 });

const DEMO_PASSWORD = 'Demo#Trader1';
const DEMO_BUYER = 'ava.thompson@datapit.demo';
const DEMO_PROVIDER = 'meridian@datapit.demo';
const ADMIN = { email: 'admin@datapit.demo', password: 'PitBoss#2026' };

type Role = 'anonymous' | 'buyer' | 'provider' | 'admin';

async function logIn(request: APIRequestContext, role: Role) {
  if (role === 'anonymous') return;
  if (role === 'admin') {
    const res = await request.post('/api/auth/login', { data: ADMIN });
    expect(res.status(), await res.text()).toBe(200);
    return;
  }
  const { login } = await gql<{ login: { __typename: string; message?: string } }>(
    request,
    'mutation ($input: LoginInput!) { login(input: $input) { __typename ... on Error { message } } }',
    { input: { usernameOrEmail: role === 'buyer' ? DEMO_BUYER : DEMO_PROVIDER, password: DEMO_PASSWORD } },
  );
  expect(login.__typename, login.message).toBe('MutationLoginSuccess');
}

/**
 * `role` picks whose session a journey's page has. The worker keeps one logged-in browser context
 * per role (made on first use) and each journey gets a new page in it, closed at its end: a
 * journey still starts from a fresh page load, only the login and the bundles' download are shared.
 */
const test = base.extend<{ role: Role }, { sessionFor: (role: Role) => Promise<BrowserContext> }>({
  role: ['anonymous', { option: true }],
  sessionFor: [
    async ({ browser }, use, workerInfo) => {
      const contexts = new Map<Role, Promise<BrowserContext>>();
      const { baseURL } = workerInfo.project.use;
      await use((role) => {
        let context = contexts.get(role);
        if (!context) {
          context = (async () => {
            const made = await browser.newContext({ baseURL });
            await logIn(made.request, role);
            return made;
          })();
          contexts.set(role, context);
        }
        return context;
      });
      await Promise.all([...contexts.values()].map(async (c) => (await c).close()));
    },
    { scope: 'worker' },
  ],
  page: async ({ role, sessionFor }, use) => {
    const page = await (await sessionFor(role)).newPage();
    await use(page);
    await page.close();
  },
});

// the DOM is in the trace; the screencast would cost a 2-core machine more than it helps here
test.use({ trace: { mode: 'retain-on-failure', screenshots: false } });

/** The frame and the screen are drawn and nothing is still loading (skeletons carry aria-busy). */
async function settled(page: Page, what = page.url()) {
  // (generous timeouts: a busy machine takes a while to draw a data-heavy screen)
  await expect(page.getByRole('banner').first(), `the header of ${what}`).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('main h1, main h2').first(), `a heading on ${what}`).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]'), `loading indicators on ${what}`).toHaveCount(0, { timeout: 30_000 });
  // entrance animations (toasts, cards) end before colours are measured
  // (the ticker tape and the clock loop forever: only animations that end are awaited; a paused
  // one, such as the countdown of a hovered toast, does not end while paused)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Runs axe on the page as it is; fails on serious and critical findings, naming each element.
 * Label in name (WCAG 2.5.3: a control's accessible name contains its visible text, so a voice
 * command saying what is on screen reaches it) is one of axe's experimental rules: turned on here.
 * `resultTypes: ['violations']`: axe still runs every rule on every element, but keeps one example
 * of each pass, incomplete and inapplicable result instead of all of them (only violations are read).
 * Legacy mode runs axe.run in the page itself; the default (runPartial, then finishRun in a new
 * blank page) exists for cross-origin frames, which the app does not have: should one appear, the
 * default comes back for that page.
 */
async function expectNoSeriousFindings(page: Page, what: string) {
  const origin = new URL(page.url()).origin;
  const sameOrigin = page.frames().every((f) => f.url() === 'about:blank' || f.url() === '' || new URL(f.url()).origin === origin);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .setLegacyMode(sameOrigin)
    .analyze();
  const describe = (v: (typeof results.violations)[number]) =>
    `${v.impact} ${v.id}: ${v.help}\n${v.nodes
      .slice(0, 6)
      .map((n) => `    ${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
      .join('\n')}`;
  const minor = results.violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (minor.length) console.log(`[axe] ${what}: minor\n${minor.map(describe).join('\n')}`);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect.soft(serious.map(describe), `serious or critical axe findings on ${what}`).toEqual([]);
}

async function visit(page: Page, path: string, role: Role) {
  await page.goto(path);
  await settled(page, `${path} as ${role}`);
  await expectNoSeriousFindings(page, `${path} as ${role}`);
}

/** An active contract of the demo market (the first of the floor); asked once per worker. */
let contractId: Promise<string> | undefined;
function someContractId(request: APIRequestContext): Promise<string> {
  contractId ??= gql<{ contracts: { edges: { node: { contractId: string } }[] } }>(
    request,
    'query { contracts(first: 1) { edges { node { contractId } } } }',
  ).then(({ contracts }) => contracts.edges[0]!.node.contractId);
  return contractId;
}

// One journey per page and role, so a failure names both and a slow machine gives each page its own time.
const PAGES: { path: string | ((contractId: string) => string); roles: Role[] }[] = [
  { path: '/', roles: ['anonymous', 'buyer'] },
  { path: '/landing', roles: ['anonymous'] },
  { path: '/browse', roles: ['anonymous'] },
  { path: (id) => `/contract/${id}`, roles: ['anonymous', 'buyer'] },
  { path: '/auth/login', roles: ['anonymous'] },
  { path: '/auth/register', roles: ['anonymous'] },
  { path: '/auth/verify-email', roles: ['anonymous'] },
  { path: '/email-verification?email=someone%40example.com', roles: ['anonymous'] },
  { path: '/auth/forgot-password', roles: ['anonymous'] },
  { path: '/auth/reset-password?token=not-a-real-token', roles: ['anonymous'] },
  { path: '/admin-login', roles: ['anonymous'] },
  { path: '/list-data', roles: ['anonymous', 'buyer', 'provider'] },
  { path: '/due-diligence', roles: ['anonymous', 'buyer', 'provider'] },
  { path: '/debug', roles: ['anonymous'] },
  { path: '/no-such-page', roles: ['anonymous'] },
  { path: '/dashboard', roles: ['buyer', 'admin'] },
  { path: '/dashboard/contracts', roles: ['buyer'] },
  { path: '/dashboard/listings', roles: ['buyer', 'provider'] },
  { path: '/dashboard/messages', roles: ['buyer'] },
  { path: '/dashboard/analytics', roles: ['buyer', 'provider'] },
  { path: '/dashboard/payments', roles: ['buyer'] },
  { path: '/dashboard/profile', roles: ['buyer'] },
  { path: '/dashboard/notifications', roles: ['buyer'] },
  { path: '/notifications/unsubscribe?token=not-a-real-token', roles: ['anonymous'] },
  { path: '/compliance-dashboard', roles: ['admin'] },
  { path: '/simple-compliance', roles: ['admin'] },
  { path: (id) => `/payment/${id}`, roles: ['anonymous', 'buyer'] },
  { path: (id) => `/payment-success/${id}`, roles: ['buyer'] },
  { path: '/my-data', roles: ['anonymous', 'buyer'] },
  { path: '/earnings', roles: ['buyer', 'provider', 'admin'] },
  { path: '/messaging', roles: ['anonymous', 'buyer', 'provider'] },
  { path: '/admin-support', roles: ['admin'] },
  { path: '/trading', roles: ['anonymous', 'buyer'] },
];

for (const { path, roles } of PAGES) {
  for (const role of roles) {
    const name = typeof path === 'string' ? path : path(':id');
    test.describe(() => {
      test.use({ role });
      test(`${name} as ${role}`, async ({ page }) => {
        const url = typeof path === 'string' ? path : path(await someContractId(page.request));
        await visit(page, url, role);
      });
    });
  }
}

test.describe('as the administrator', () => {
  test.use({ role: 'admin' });

  test('the user menu, open', async ({ page }) => {
    await page.goto('/');
    await settled(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
    await expectNoSeriousFindings(page, 'the user menu open');
  });

  test('the back-office dialogs, open', async ({ page }) => {
    await page.goto('/compliance-dashboard');
    await settled(page);
    await page.getByRole('button', { name: /View Details/i }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousFindings(page, 'the listing details dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Approve', exact: true }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousFindings(page, 'a review dialog');
  });
});

test.describe('as the buyer', () => {
  test.use({ role: 'buyer' });

  test('/trading with the contract picker shown, then a toast', async ({ page }) => {
    await page.goto('/trading');
    await settled(page);
    const form = page.getByRole('form', { name: 'Open position' });
    // no contract chosen yet: the picker lists the active contracts, each a button named by what it shows
    const options = form.getByTestId('contract-results').getByRole('button');
    await expect(options.first()).toBeVisible();
    const shown = (await options.first().innerText()).replace(/\s+/g, ' ').trim();
    await expect(options.first()).toHaveAccessibleName(new RegExp(shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expectNoSeriousFindings(page, '/trading with the contract picker');

    // opening without a contract: a failure toast, added to the always-present assertive list
    await form.getByRole('button', { name: 'OPEN LONG' }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toBeVisible();
    await toast.hover(); // paused while hovered: it stays while axe reads the page
    await expect(page.getByTestId('toasts-urgent').getByTestId('toast')).toHaveCount(1);
    await expect(page.getByTestId('toasts-urgent')).toHaveAttribute('aria-live', 'assertive');
    await settled(page);
    await expectNoSeriousFindings(page, 'a toast shown');
  });
});
