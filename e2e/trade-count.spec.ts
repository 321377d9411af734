import { expect, gql, test } from './fixtures.ts';

// One trade count (docs/decisions.md): a user's trades are the paid trades they bought or sold in;
// a provider's completed sales the paid ones they sold. The demo provider, who buys nothing, sees
// one figure in the header's user menu, on the cards of their listings, in the provider panel of a
// listing's page and as their dashboard's Sales; the demo buyer's header counts her purchases.

const DEMO_PASSWORD = 'Demo#Trader1';
const PROVIDER_EMAIL = 'meridian@datapit.demo';
const PROVIDER_NAME = 'Meridian Analytics';

test('the demo provider’s trades read the same in the header, on the cards and in the provider panel', async ({ page }) => {
  const { login } = await gql<{ login: { __typename: string } }>(
    page.request,
    'mutation ($input: LoginInput!) { login(input: $input) { __typename } }',
    { input: { usernameOrEmail: PROVIDER_EMAIL, password: DEMO_PASSWORD } },
  );
  expect(login.__typename).toBe('MutationLoginSuccess');
  const { viewer, contracts } = await gql<{
    viewer: { tradeCount: number; dashboardSummary: { salesCount: number } };
    contracts: { edges: { node: { contractId: string; title: string; provider: { name: string } } }[] };
  }>(page.request, '{ viewer { tradeCount dashboardSummary { salesCount } } contracts(first: 100) { edges { node { contractId title provider { name } } } } }');
  const trades = viewer.tradeCount;
  expect(trades).toBeGreaterThan(0);
  expect(viewer.dashboardSummary.salesCount).toBe(trades);
  const listing = contracts.edges.map((e) => e.node).find((c) => c.provider.name === PROVIDER_NAME)!;
  const text = `(${trades} ${trades === 1 ? 'trade' : 'trades'})`;

  await page.goto(`/browse?search=${encodeURIComponent(listing.title)}`);
  const header = page.getByRole('button', { name: /User menu/ });
  await expect(header).toContainText(text);
  const card = page.getByTestId('contract-card').filter({ hasText: listing.title }).first();
  await expect(card.getByTestId('contract-provider')).toContainText(text);

  await page.goto(`/contract/${listing.contractId}`);
  await expect(page.getByTestId('provider-card').getByTestId('provider-completed-sales')).toHaveText(`${trades} completed ${trades === 1 ? 'sale' : 'sales'}`);
  await expect(header).toContainText(text);
});

test('a buyer’s header counts the trades she paid for', async ({ page }) => {
  await gql(page.request, 'mutation ($input: LoginInput!) { login(input: $input) { __typename } }', {
    input: { usernameOrEmail: 'ava.thompson@datapit.demo', password: DEMO_PASSWORD },
  });
  const { viewer } = await gql<{ viewer: { tradeCount: number; purchases: { edges: { node: { status: string } }[] } } }>(
    page.request,
    '{ viewer { tradeCount purchases(first: 100) { edges { node { status } } } } }',
  );
  // Her live and ended purchases are paid trades; a refunded one is not (the demo has none of hers refunded).
  const paid = viewer.purchases.edges.filter((e) => e.node.status !== 'pending' && e.node.status !== 'revoked').length;
  expect(paid).toBeGreaterThan(0);
  expect(viewer.tradeCount).toBe(paid);
  await page.goto('/browse');
  await expect(page.getByRole('button', { name: /User menu/ })).toContainText(`(${paid} ${paid === 1 ? 'trade' : 'trades'})`);
});
