import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createUser, expect, newestMailTo, test, toast, type TestUser } from './fixtures.ts';

// Two-factor sign-in (issue 25): a user sets it up on the profile with a code their "app" computes
// from the key shown, keeps the recovery codes, then logs in with the password and a code, and
// once more with a recovery code. At phone width, as most people enrol with the phone in hand.

/** What an authenticator app shows for `secret`, `offsetSeconds` from now. */
function appCode(secret: string, offsetSeconds = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });
}

async function passwordStep(page: Page, user: TestUser) {
  await page.goto('/auth/login');
  await page.getByLabel('Username or Email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/auth/login');
}

test('a user turns on two-factor on the profile, then logs in with a code and with a recovery code', async ({ page, request }, testInfo) => {
  test.slow(); // enrolment and three logins
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await createUser(request, { verified: true, label: 'twofactor' });
  await passwordStep(page, user);
  await expect(page).toHaveURL('/');

  await page.goto('/dashboard/profile');
  const panel = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(panel.getByText('OFF', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(panel.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await panel.getByTestId('two-factor-secret').getAttribute('data-secret'))!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('enrol-390.png'), fullPage: true });

  const form = panel.getByRole('form', { name: 'Confirm two-factor sign-in' });
  await form.getByLabel('Code from the app').fill(appCode(secret) === '000000' ? '111111' : '000000');
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Turn on' }).click();
  await expect(form.getByText(/not valid/)).toBeVisible();
  await form.getByLabel('Code from the app').fill(appCode(secret));
  await form.getByRole('button', { name: 'Turn on' }).click();
  await expect(toast(page, 'Two-factor On')).toBeVisible();

  const codes = panel.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  expect(recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await page.screenshot({ path: testInfo.outputPath('recovery-codes-390.png'), fullPage: true });
  await expect.poll(async () => (await newestMailTo(user.email)).headers, { timeout: 15_000 }).toMatch(/Two-factor sign-in turned on/);
  await panel.getByRole('button', { name: 'I have saved them' }).click();
  await expect(panel.getByText('ON', { exact: true })).toBeVisible();
  await expect(panel).toContainText('Recovery codes left: 10');

  // Logging in now asks for a code after the password; a wrong one is refused.
  await logOut(page);
  await passwordStep(page, user);
  const step = page.getByRole('form', { name: 'Two-factor code' });
  await expect(step.getByLabel('Authentication code')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.screenshot({ path: testInfo.outputPath('login-code-390.png'), fullPage: true });
  await step.getByLabel('Authentication code').fill('000000' === appCode(secret, 30) ? '111111' : '000000');
  await step.getByRole('button', { name: 'VERIFY' }).click();
  await expect(step.getByText('Invalid code')).toBeVisible();
  // The enrolment's code was used: the app's next one signs in.
  await step.getByLabel('Authentication code').fill(appCode(secret, 30));
  await step.getByRole('button', { name: 'VERIFY' }).click();
  await expect(toast(page, 'Login Successful')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(user.name);

  // Without the phone: a recovery code, once.
  await logOut(page);
  await passwordStep(page, user);
  await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await step.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await step.getByRole('button', { name: 'VERIFY' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/dashboard/profile');
  await expect(panel).toContainText('Recovery codes left: 9');
});
