import type { Browser, Page } from '@playwright/test';
import { createUser, expect, test, toast, type TestUser } from './fixtures.ts';

// The profile's Security section (issue 25): the signed-in sessions of one user in two browsers,
// signing the other one out, and changing the password.

const NEW_PASSWORD = 'Pit-Trader-43!';

/** A fresh browser (its own cookies) logged in through the login form. */
async function browserLoggedIn(browser: Browser, user: TestUser, password = user.password): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.getByLabel('Username or Email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
  await expect(page).toHaveURL('/');
  return page;
}

test('a user sees both browsers, signs the other out, then changes the password', async ({ page, request, browser }) => {
  const user = await createUser(request, { verified: true, label: 'security' });
  const other = await browserLoggedIn(browser, user);
  await page.goto('/auth/login');
  await page.getByLabel('Username or Email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/profile');
  await expect(page).toHaveURL('/dashboard/profile');
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await rows.filter({ hasNotText: 'This device' }).getByRole('button', { name: /^Sign out/ }).click();
  await expect(rows).toHaveCount(1);

  // The other browser is logged out: its dashboard asks it to log in.
  await other.goto('/dashboard');
  await expect(other.getByRole('main').getByText('Please log in to access your dashboard.')).toBeVisible();
  await expect(other.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  await other.context().close();

  // A wrong current password changes nothing.
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('Not-The-Password-1');
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Current password is incorrect')).toBeVisible();

  await form.getByLabel('Current password').fill(user.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Password Changed')).toBeVisible();
  await expect(rows).toHaveCount(1);

  // The new password logs in elsewhere; this browser stayed signed in.
  const again = await browserLoggedIn(browser, user, NEW_PASSWORD);
  await again.context().close();
  await page.reload();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
});
