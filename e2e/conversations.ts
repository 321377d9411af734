import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createUser, expect, gql, test, type TestUser } from './fixtures.ts';
import { DEMO_PASSWORD, logIn } from './paying.ts';

// What the messaging journeys (messaging.spec.ts) stand on: the demo provider they write to, a
// second browser for the other side of a conversation, new buyers, the composer and the header's
// badge, and axe on the page as it is.

// a demo provider no other journey writes to
export const PROVIDER = { email: 'tidewater@datapit.demo', name: 'Tidewater Quant' };

/** Logs in through the API with this request context (a page's request shares the page's cookies); a demo user's password unless told. */
export const login = (request: APIRequestContext, usernameOrEmail: string, password = DEMO_PASSWORD) => logIn(request, usernameOrEmail, password);

/** One of the provider's active contracts (as the provider). */
export async function activeContract(request: APIRequestContext): Promise<{ contractId: string; title: string }> {
  const { viewer } = await gql<{ viewer: { listings: { edges: { node: { contractId: string; title: string } }[] } } }>(
    request,
    '{ viewer { listings(first: 1, status: active) { edges { node { contractId title } } } } }',
  );
  const contract = viewer.listings.edges[0]?.node;
  expect(contract, 'the demo provider has an active listing').toBeTruthy();
  return contract!;
}

/** Reads every conversation of the logged-in user, so their badge starts at 0. */
export async function readEverything(request: APIRequestContext) {
  const { viewer } = await gql<{ viewer: { conversations: { edges: { node: { id: string; unreadCount: number } }[] } } }>(
    request,
    '{ viewer { conversations(first: 100) { edges { node { id unreadCount } } } } }',
  );
  for (const { node } of viewer.conversations.edges.filter((e) => e.node.unreadCount > 0)) {
    await gql(request, 'mutation ($input: MarkConversationReadInput!) { markConversationRead(input: $input) { __typename } }', {
      input: { conversationId: node.id },
    });
  }
}

/**
 * A browser session of its own (its own cookies) on `baseURL`, failing the test on its page errors
 * and console errors when closed, as the `page` fixture's guard does; `where` names it in the failure.
 */
export async function guardedBrowser(browser: Browser, baseURL: string | undefined, where: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
  });
  return {
    page,
    async close() {
      await context.close();
      expect(errors, `console errors on ${where}`).toEqual([]);
    },
  };
}

/** A second browser session (its own cookies) with the same console-error guard as `page`. */
export const secondBrowser = (browser: Browser, viewport?: { width: number; height: number }) => guardedBrowser(browser, test.info().project.use.baseURL, 'the second page', viewport);

export async function newBuyer(page: Page, label = 'asker'): Promise<TestUser> {
  const buyer = await createUser(page.request, { verified: true, label });
  await login(page.request, buyer.email, buyer.password);
  return buyer;
}

export const headerBadge = (page: Page) => page.getByRole('banner').getByRole('link', { name: /unread messages$/ });
export const composer = (page: Page) => page.getByRole('textbox', { name: /^Message to / });

export function browser_(page: Page): Browser {
  return page.context().browser()!;
}

/** axe on the page as it is: no serious or critical finding (the minor ones are printed). */
export async function expectAccessible(page: Page, what: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const describe = (v: (typeof results.violations)[number]) => `${v.impact} ${v.id}: ${v.help} ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')}`;
  const minor = results.violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (minor.length) console.log(`[axe] ${what}: minor\n${minor.map(describe).join('\n')}`);
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(describe), what).toEqual([]);
}
