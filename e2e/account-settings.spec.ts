import sharp from 'sharp';
import { createUser, expect, mailLinkPath, newestMailTo, test, toast, type TestUser } from './fixtures.ts';
import type { Page } from '@playwright/test';

// The profile's account settings (issue 25): change the email through the link mailed to the new
// address, upload a picture that the header shows, and delete the account.

async function logIn(page: Page, user: TestUser, usernameOrEmail = user.username) {
  await page.goto('/auth/login');
  await page.getByLabel('Username or Email').fill(usernameOrEmail);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
  await expect(page).toHaveURL('/');
}

test('change email: a link to the new address, the old one told, the new one logs in', async ({ page, request }) => {
  // Two logins, three mails and a confirmation page: more than the default on a busy machine.
  test.slow();
  const user = await createUser(request, { verified: true, label: 'mover' });
  const newEmail = `new-${user.email}`;
  await logIn(page, user);
  await page.goto('/dashboard/profile');
  const form = page.getByRole('form', { name: 'Change email' });
  await expect(form.getByText(user.email)).toBeVisible();

  // A wrong password changes nothing.
  await form.getByLabel('New email').fill(newEmail);
  await form.getByLabel('Current password').fill('Not-The-Password-1');
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByText('Password is incorrect')).toBeVisible();

  await form.getByLabel('Current password').fill(user.password);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(toast(page, 'Check Your New Inbox')).toBeVisible();
  await expect(page.getByTestId('pending-email-change')).toContainText(newEmail);

  const told = await newestMailTo(user.email);
  expect(told.headers).toMatch(/about to change/i);
  const link = mailLinkPath(await newestMailTo(newEmail), '/auth/confirm-email-change');
  await page.goto(link);
  await expect(page.getByText('Email changed')).toBeVisible();
  await expect(page.getByText(newEmail)).toBeVisible();
  await page.getByRole('link', { name: 'BACK TO YOUR PROFILE' }).click();
  await expect(page.getByRole('form', { name: 'Change email' }).getByText(newEmail)).toBeVisible();
  await expect(page.getByTestId('pending-email-change')).toHaveCount(0);
  expect((await newestMailTo(user.email, { after: told.file })).headers).toMatch(/was changed/i);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByText('Email not changed')).toBeVisible();

  // The new address logs in.
  await page.context().clearCookies();
  await logIn(page, user, newEmail);
});

test('upload a picture: the profile and the header show it; removing it brings the initials back', async ({ page, request, consoleGuard }) => {
  // The refused upload below is a 400 the browser logs.
  consoleGuard.allow(/400 \(Bad Request\) \(http:\/\/[^)]+\/api\/profile\/avatar\)/);
  const user = await createUser(request, { verified: true, label: 'pictured' });
  await logIn(page, user);
  await page.goto('/dashboard/profile');
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 0, g: 200, b: 120 } } }).png().toBuffer();

  // Not an image: refused with the server's words.
  await page.getByTestId('avatar-file').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await expect(toast(page, 'Picture Not Saved')).toContainText('not a PNG, JPEG or WebP');

  await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(toast(page, 'Picture Updated')).toBeVisible();
  const preview = page.getByTestId('avatar-preview').getByRole('img', { name: user.name });
  await expect(preview).toHaveAttribute('src', /\/api\/users\/[^/]+\/avatar\?v=[a-f0-9]{16}$/);
  const src = await preview.getAttribute('src');
  const header = page.getByRole('button', { name: 'User menu' }).locator('img');
  await expect(header).toHaveAttribute('src', src!);
  // The browser really drew it (a broken image falls back to initials).
  await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);

  // It stays after a reload, and saving the name keeps it.
  await page.reload();
  await page.getByLabel('Name', { exact: true }).fill(`${user.name} Jr`);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, 'Profile Updated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' }).locator('img')).toHaveAttribute('src', src!);

  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(toast(page, 'Picture Removed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' }).locator('img')).toHaveCount(0);
});

test('delete an account: the password and DELETE, then logged out for good', async ({ page, request }) => {
  const user = await createUser(request, { verified: true, label: 'leaver' });
  await logIn(page, user);
  await page.goto('/dashboard/profile');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: 'test-results/account-settings-delete-390.png' });

  // The word must be typed; a wrong password is refused.
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Type DELETE to confirm').last()).toBeVisible();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByLabel('Current password').fill('Not-The-Password-1');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();

  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(toast(page, 'Account Deleted')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  // The old credentials no longer log in.
  await page.goto('/auth/login');
  await page.getByLabel('Username or Email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
  await expect(toast(page, 'Login Failed')).toBeVisible();
});

test('the profile’s account settings at phone width', async ({ page, request }) => {
  const user = await createUser(request, { verified: true, label: 'phone' });
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, user);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('form', { name: 'Change email' })).toBeVisible();
  // Nothing runs off the side of a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/account-settings-profile-390.png', fullPage: true });
});
