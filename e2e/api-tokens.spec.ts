import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { createUser, expect, gql, test, toast } from './fixtures.ts';

// Personal API tokens (issue 27): a user creates a token on the Developers tab, copies it (shown
// once), a program (no cookies) calls the REST API with it, the user revokes it, and the program's
// next call is 401 with the Bearer challenge. Screenshots at desktop and phone width.

async function login(request: APIRequestContext, usernameOrEmail: string, password: string) {
  const { login: result } = await gql<{ login: { __typename: string; message?: string } }>(
    request,
    'mutation ($input: LoginInput!) { login(input: $input) { __typename ... on Error { message } } }',
    { input: { usernameOrEmail, password } },
  );
  expect(result.__typename, result.message).toBe('MutationLoginSuccess');
}

test('create a token, call the API with it, revoke it, and the call is refused', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(60_000);
  const user = await createUser(page.request, { verified: true, label: 'tokens' });
  await login(page.request, user.email, user.password);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto('/dashboard/developers');
  await expect(page.getByRole('heading', { name: 'Developers', exact: true }).first()).toBeVisible();
  await expect(page.getByText('No tokens yet')).toBeVisible();

  // create: a name, one more scope, the expiry
  await page.getByLabel('Name').fill('Nightly import');
  await page.getByRole('checkbox', { name: /trade/ }).check();
  await page.getByLabel('Expires after').selectOption('30');
  await page.getByRole('button', { name: 'Create token' }).click();

  // shown once, copied
  const secret = page.getByTestId('new-api-token');
  await expect(secret).toHaveText(/^dpt_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText('you won’t see it again')).toBeVisible();
  await page.getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByRole('button', { name: 'Copy token' })).toHaveText('Copied');
  const token = await page.evaluate(() => navigator.clipboard.readText());
  expect(token).toBe(await secret.textContent());

  const row = page.getByTestId('api-token-row').filter({ hasText: 'Nightly import' });
  await expect(row).toContainText(token.slice(0, 12));
  await expect(row).toContainText('market:read');
  await expect(row).toContainText('trade');
  await expect(row).toContainText('Never');
  await page.screenshot({ path: testInfo.outputPath('developers-desktop.png'), fullPage: true });

  // a program: no cookies, the bearer header only
  const program = await playwrightRequest.newContext({ baseURL });
  const ok = await program.get('/api/positions', { headers: { authorization: `Bearer ${token}` } });
  expect(ok.status()).toBe(200);
  expect(ok.headers()['set-cookie']).toBeUndefined();
  const outside = await program.get('/api/notifications', { headers: { authorization: `Bearer ${token}` } });
  expect(outside.status()).toBe(403);
  expect((await outside.json()).message).toBe('This token lacks the scope account:read');

  // the secret is gone once acknowledged; the list shows its use
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(secret).toHaveCount(0);
  await page.reload();
  await expect(row).not.toContainText('Never');

  // phone width
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('developers-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // revoke, confirmed
  await row.getByRole('button', { name: 'Revoke Nightly import' }).click();
  await page.getByRole('button', { name: 'Revoke token' }).click();
  await expect(toast(page, 'Token Revoked')).toBeVisible();
  await expect(row).toContainText('Revoked');

  const refused = await program.get('/api/positions', { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
  expect(refused.headers()['www-authenticate']).toBe('Bearer realm="datapit", error="invalid_token", error_description="The token is revoked"');
  await program.dispose();
});
