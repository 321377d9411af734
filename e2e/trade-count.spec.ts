import { expect, gql, test } from './fixtures.ts';

// One trade count (docs/decisions.md): a provider's trades are their sales paid for. The demo
// provider sees the same figure in the header's user menu, on the cards of their listings and in
// the provider panel of a listing's page, and it is their dashboard's Sales figure.

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
