import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, gql, test } from './fixtures.ts';

// axe-core on every route of web/routes.tsx, as each role that can open it: anonymous, the demo
// buyer, the demo provider and the demo administrator, with the dialogs of the back office and
// the user menu open. A serious or critical finding fails the journey; lesser ones are printed.

test.describe.configure({ timeout: 120_000 });

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
  await expect(page.getByRole('banner').first(), `the header of ${what}`).toBeVisible();
  await expect(page.locator('main h1, main h2').first(), `a heading on ${what}`).toBeVisible();
  await expect(page.locator('[aria-busy="true"]'), `loading indicators on ${what}`).toHaveCount(0);
  // entrance animations (toasts, cards) end before colours are measured
  // (the ticker tape and the clock loop forever: only animations that end are awaited)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Runs axe on the page as it is; fails on serious and critical findings, naming each element. */
async function expectNoSeriousFindings(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
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

test('public pages as anonymous', async ({ page }) => {
  const contractId = await someContractId(page.request);
  for (const path of [
    '/',
    '/landing',
    '/browse',
    `/contract/${contractId}`,
    '/auth/login',
    '/auth/register',
    '/auth/verify-email',
    '/email-verification?email=someone%40example.com',
    '/admin-login',
    '/list-data',
    '/due-diligence',
    '/debug',
    '/no-such-page',
  ]) {
    await visit(page, path, 'anonymous');
  }
});

test('the buyer: floor, contract detail, dashboard tabs, provider pages and the user menu', async ({ page }) => {
  await logIn(page.request, 'buyer');
  const contractId = await someContractId(page.request);
  for (const path of [
    '/',
    `/contract/${contractId}`,
    '/dashboard',
    '/dashboard/contracts',
    '/dashboard/listings',
    '/dashboard/messages',
    '/dashboard/analytics',
    '/dashboard/payments',
    '/dashboard/profile',
    '/list-data',
    '/due-diligence',
  ]) {
    await visit(page, path, 'buyer');
  }
  await page.getByRole('button', { name: /Ava Thompson/ }).click();
  await expect(page.getByRole('link', { name: 'Dashboard' }).last()).toBeVisible();
  await expectNoSeriousFindings(page, 'the user menu open');
});

test('the provider: listing form, its listings and a contract of its own', async ({ page }) => {
  await logIn(page.request, 'provider');
  for (const path of ['/list-data', '/due-diligence', '/dashboard/listings', '/dashboard/analytics']) {
    await visit(page, path, 'provider');
  }
});

test('the administrator: back office, its dialogs and the admin menu', async ({ page }) => {
  await logIn(page.request, 'admin');
  for (const path of ['/compliance-dashboard', '/simple-compliance', '/dashboard']) {
    await visit(page, path, 'admin');
  }

  await page.goto('/compliance-dashboard');
  await settled(page);
  await page.getByRole('button', { name: /View Details/i }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousFindings(page, 'the listing details dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: /^Approve/ }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousFindings(page, 'a review dialog');
});
