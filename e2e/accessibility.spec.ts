import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, gql, test } from './fixtures.ts';

// axe-core on every route of web/routes.tsx, as each role that can open it: anonymous, the demo
// buyer, the demo provider and the demo administrator, with the dialogs of the back office and
// the user menu open. A serious or critical finding fails the journey; lesser ones are printed.

// axe reads the whole page: on a busy 2-core machine a data-heavy screen takes a while
test.describe.configure({ timeout: 180_000 });

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
 */
async function expectNoSeriousFindings(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
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

/** An active contract of the demo market (the first of the floor). */
async function someContractId(request: APIRequestContext): Promise<string> {
  const { contracts } = await gql<{ contracts: { edges: { node: { contractId: string } }[] } }>(
    request,
    'query { contracts(first: 1) { edges { node { contractId } } } }',
  );
  return contracts.edges[0]!.node.contractId;
}

// One journey per page, so a slow machine gives each page its own time.
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
    test(`${name} as ${role}`, async ({ page }) => {
      await logIn(page.request, role);
      const url = typeof path === 'string' ? path : path(await someContractId(page.request));
      await visit(page, url, role);
    });
  }
}

test('the user menu, open', async ({ page }) => {
  await logIn(page.request, 'admin');
  await page.goto('/');
  await settled(page);
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
  await expectNoSeriousFindings(page, 'the user menu open');
});

test('the back-office dialogs, open', async ({ page }) => {
  await logIn(page.request, 'admin');
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

test('/trading with the contract picker shown, then a toast', async ({ page }) => {
  await logIn(page.request, 'buyer');
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
