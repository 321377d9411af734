import { createUser, expect, gql, newestMailTo, test, toast, uniqueUser, verificationPath } from './fixtures.ts';

// Accounts: registration -> mailed verification link -> login -> logout, the login and
// registration errors, the admin login, the 404 page and the landing page's live figures.

test('register, verify by the mailed link, log in and log out', async ({ page }) => {
  const user = uniqueUser();

  await page.goto('/auth/register');
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByLabel('Confirm Password').press('Enter');

  await expect(toast(page, 'Registration Successful')).toBeVisible();
  await expect(page).toHaveURL(`/auth/verify-email?email=${encodeURIComponent(user.email)}`);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();

  // the server wrote the mail to DATA_DIR/outbox; open its link like the user would
  const link = verificationPath(await newestMailTo(user.email));
  expect(link).toMatch(/^\/auth\/verify-email\?.*token=/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email Verified Successfully!' })).toBeVisible();
  // redirect to login 2 s after verification
  await expect(page).toHaveURL('/auth/login', { timeout: 5_000 });

  // the same link opened again (a second click in the mail): already verified, with the way to log in
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email already verified' })).toBeVisible();
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toHaveCount(0);
  await expect(toast(page, 'Verification Failed')).toHaveCount(0);
  await page.getByRole('link', { name: 'LOG IN', exact: true }).click();
  await expect(page).toHaveURL('/auth/login');

  await page.getByLabel('Username or Email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'LOGIN', exact: true }).click();

  await expect(toast(page, 'Login Successful')).toBeVisible();
  await expect(page).toHaveURL('/');
  const userMenu = page.getByRole('button', { name: 'User menu' });
  await expect(userMenu).toContainText(user.name);
  await expect(userMenu).toContainText('(0 trades)');
  // logged in: the landing hero offers the floor instead of registration
  await expect(page.getByRole('link', { name: 'ENTER THE PIT' })).toBeVisible();

  await userMenu.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/auth/login');
  await expect(page.getByRole('link', { name: 'LOGIN', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);

  // the server forgot the session too: a reload stays logged out
  await page.reload();
  await expect(page.getByRole('link', { name: 'JOIN PIT', exact: true })).toBeVisible();
});

test('a wrong password shows Login Failed', async ({ page, request }) => {
  const user = await createUser(request, { verified: true });

  await page.goto('/auth/login');
  await page.getByLabel('Username or Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Not-The-Password-1');
  await page.getByLabel('Password', { exact: true }).press('Enter');

  await expect(toast(page, 'Login Failed')).toBeVisible();
  await expect(page).toHaveURL('/auth/login');
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  // the form is usable again after the failure
  await expect(page.getByRole('button', { name: 'LOGIN', exact: true })).toBeEnabled();
});

test('logging in before verifying the email lands on verify-email', async ({ page, request }) => {
  const user = await createUser(request, { verified: false });

  await page.goto('/auth/login');
  await page.getByLabel('Username or Email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'LOGIN', exact: true }).click();

  // nothing was mailed by the login: the screen says the address is not verified yet
  await expect(page).toHaveURL(`/auth/verify-email?from=login&email=${encodeURIComponent(user.email)}`);
  await expect(page.getByRole('heading', { name: 'Your email is not verified yet' })).toBeVisible();
  // the resend form is prefilled with the address
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  const before = await newestMailTo(user.email);
  await page.getByRole('button', { name: 'RESEND VERIFICATION EMAIL' }).click();
  await expect(toast(page, 'Verification Email Sent')).toBeVisible();
  await newestMailTo(user.email, { after: before.file });
});

test('registration checks the passwords before sending', async ({ page }) => {
  const user = uniqueUser();
  await page.goto('/auth/register');
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Username').fill(user.username);

  const password = page.getByLabel('Password', { exact: true });
  const strength = page.getByTestId('password-strength');
  await expect(strength).toHaveText('Very Weak');
  await password.fill('abc');
  await expect(strength).toHaveText('Weak');
  await password.fill('abcdefgh1');
  await expect(strength).toHaveText('Fair');
  await password.fill(user.password);
  await expect(strength).toHaveText('Strong');

  await page.getByLabel('Confirm Password').fill(`${user.password}x`);
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await expect(toast(page, 'Password Mismatch')).toContainText('Passwords do not match');
  await expect(page).toHaveURL('/auth/register');

  await password.fill('weakpass');
  await page.getByLabel('Confirm Password').fill('weakpass');
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await expect(toast(page, 'Password Requirements Not Met')).toContainText('Please ensure your password meets all security requirements');
  await expect(page).toHaveURL('/auth/register');
});

test('the admin logs in with the prefilled demo credentials', async ({ page, request }) => {
  const { demoAdminCredentials: demo } = await gql<{ demoAdminCredentials: { email: string; password: string } | null }>(
    request,
    '{ demoAdminCredentials { email password } }',
  );
  expect(demo, 'demo data is on in the journeys').not.toBeNull();

  await page.goto('/admin-login');
  await expect(page.getByText(`Demo credentials: ${demo!.email} / ${demo!.password}`)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(demo!.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(demo!.password);
  await expect(page.getByRole('link', { name: '← Back to home' })).toBeVisible();

  await page.getByRole('button', { name: 'LOGIN AS ADMIN' }).click();
  await expect(toast(page, 'Admin Login Successful')).toBeVisible();
  await expect(page).toHaveURL('/compliance-dashboard');
  await expect(page.getByRole('heading', { name: 'COMPLIANCE DASHBOARD' })).toBeVisible();
  const counters = page.getByRole('group', { name: 'Compliance counters' });
  for (const label of ['Due Diligence Pending', 'Data Listings Pending', 'Approved', 'Under Review', 'Total Sellers']) {
    await expect(counters.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(counters).toHaveText(/Total Sellers\s*\d+/);
});

test('the admin login checks its fields and the dashboard refuses visitors', async ({ page }) => {
  await page.goto('/compliance-dashboard');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText('Admin access required')).toBeVisible();
  await page.getByRole('link', { name: 'ADMIN LOGIN' }).click();
  await expect(page).toHaveURL('/admin-login');

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('');
  await page.getByRole('button', { name: 'LOGIN AS ADMIN' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
  await page.getByRole('button', { name: 'LOGIN AS ADMIN' }).click();
  await expect(toast(page, 'Login Failed')).toBeVisible();
  await expect(page).toHaveURL('/admin-login');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'PAGE NOT FOUND' })).toBeVisible();
  await expect(page.getByTestId('not-found-path')).toHaveText('/no/such/page');
  await page.getByRole('link', { name: 'BACK TO THE TRADING FLOOR' }).click();
  await expect(page).toHaveURL('/');
});

test('the landing page shows live market figures', async ({ page, request }) => {
  // one more registered user, so the figure cannot be a fixed sample
  await createUser(request, { verified: true, label: 'counted' });
  const { marketStats: stats } = await gql<{
    marketStats: { activeContracts: number; totalUsers: number; totalVolume: string; totalTransactions: number; totalContracts: number };
  }>(request, '{ marketStats { activeContracts totalUsers totalVolume totalTransactions totalContracts } }');

  await page.goto('/landing');
  await expect(page.getByRole('heading', { name: /trading floor for data/i })).toBeVisible();
  await expect(page.getByRole('link', { name: 'JOIN THE PIT' })).toHaveAttribute('href', '/auth/register');
  const figures = page.getByTestId('market-figures');
  const n = (v: number) => v.toLocaleString('en-US');
  const usd = (v: string) => Number(v).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  await expect(figures).toContainText(`Active contracts${n(stats.activeContracts)}`);
  await expect(figures).toContainText(`Registered users${n(stats.totalUsers)}`);
  await expect(figures).toContainText(`Total volume${usd(stats.totalVolume)}`);
  await expect(figures).toContainText(`Completed transactions${n(stats.totalTransactions)}`);
  await expect(page.getByText(/launching/i)).toHaveCount(0);

  // the ticker strip: live figures, 24/7 market, and a clock that ticks
  const ticker = page.getByRole('region', { name: 'Market ticker' });
  await expect(ticker).toContainText('MARKETOPEN');
  // the ticker and the figures count the same contracts: those trading now
  await expect(ticker).toContainText(`ACTIVE CONTRACTS${n(stats.activeContracts)}`);
  await expect(ticker).toContainText('PLATFORMPRODUCTION');
  const clock = page.getByTestId('market-clock');
  const first = await clock.textContent();
  await expect(clock).not.toHaveText(first!, { timeout: 3_000 });

  // header search sends the trimmed text to /?search=
  await page.getByRole('searchbox', { name: 'Search ticker symbols' }).fill('  FINX  ');
  await page.getByRole('searchbox', { name: 'Search ticker symbols' }).press('Enter');
  await expect(page).toHaveURL('/?search=FINX');
});
