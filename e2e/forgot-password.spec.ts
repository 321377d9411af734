import { createUser, expect, mailLinkPath, newestMailTo, test, toast } from './fixtures.ts';

// Forgot password (issue 25): request a link on the login page, open it from the mail, set a new
// password; the new one logs in, the old one and every earlier session do not.

const NEW_PASSWORD = 'Fresh-Trader-77';

test('forgot password by mail: request, open the link, set a new password, log in with it', async ({ page, request, browser }) => {
  const user = await createUser(request, { verified: true });
  // a session elsewhere (another browser), which the reset must end
  const elsewhere = await browser.newContext();
  const login = await elsewhere.request.post('/api/auth/login', { data: { usernameOrEmail: user.username, password: user.password } });
  expect(login.status()).toBe(200);
  expect((await elsewhere.request.get('/api/auth/user')).status()).toBe(200);

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/auth/forgot-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'SEND RESET LINK' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText('If an account exists for this email')).toBeVisible();

  const link = mailLinkPath(await newestMailTo(user.email), '/auth/reset-password');
  expect(link).toMatch(/^\/auth\/reset-password\?token=/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'RESET PASSWORD' })).toBeVisible();
  // the rules of registration, shown as the user types
  await page.getByLabel('New Password', { exact: true }).fill('weak');
  await expect(page.getByText('One uppercase letter')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('weak');
  await page.getByRole('button', { name: 'SET NEW PASSWORD' }).click();
  await expect(toast(page, 'Password Requirements Not Met')).toBeVisible();

  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'SET NEW PASSWORD' }).click();
  await expect(page).toHaveURL('/auth/login');
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been reset' })).toBeVisible();

  // the other browser's session ended with the reset
  expect((await elsewhere.request.get('/api/auth/user')).status()).toBe(401);
  await elsewhere.close();

  // the old password is refused, the new one logs in
  await page.getByLabel('Username or Email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
  await expect(toast(page, 'Login Failed')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
  await expect(toast(page, 'Login Successful')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(user.name);

  // the link worked once
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('Another-Trader-88');
  await page.getByLabel('Confirm New Password').fill('Another-Trader-88');
  await page.getByRole('button', { name: 'SET NEW PASSWORD' }).click();
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'SEND A NEW LINK' })).toBeVisible();
});
