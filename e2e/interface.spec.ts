import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, expect, gql, test, toast } from './fixtures.ts';

// What a user sees around the screens: the administrator's way into the back office, dialogs that
// give focus back, a warning that looks like a warning, an honest /auth/verify-email, and one
// ticker per sector.

const DEMO_BUYER = { usernameOrEmail: 'ava.thompson@datapit.demo', password: 'Demo#Trader1' };
const ADMIN = { email: 'admin@datapit.demo', password: 'PitBoss#2026' };

async function logInAs(request: APIRequestContext, data: Record<string, string>) {
  const res = await request.post('/api/auth/login', { data });
  expect(res.status(), await res.text()).toBe(200);
}

function userMenu(page: Page) {
  return page.getByRole('button', { name: 'User menu' });
}

test('the administrator reaches every back-office screen from the header', async ({ page }) => {
  await logInAs(page.request, ADMIN);
  await page.goto('/');
  // the main navigation has a BACK OFFICE tab for administrators
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'BACK OFFICE' })).toHaveAttribute('href', '/compliance-dashboard');

  await userMenu(page).click();
  const backOffice = page.getByRole('navigation', { name: 'Back office' });
  await expect(backOffice.getByRole('link', { name: 'Compliance Dashboard' })).toHaveAttribute('href', '/compliance-dashboard');
  await expect(backOffice.getByRole('link', { name: 'Simple Compliance' })).toHaveAttribute('href', '/simple-compliance');
  await backOffice.getByRole('link', { name: 'Simple Compliance' }).click();
  await expect(page).toHaveURL('/simple-compliance');
  await expect(page.getByRole('table', { name: 'Applications' })).toBeVisible();

  await userMenu(page).click();
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Compliance Dashboard' }).click();
  await expect(page).toHaveURL('/compliance-dashboard');
});

test('a buyer has no back office in the menu; the menu button is named by what it shows', async ({ page }) => {
  await logInAs(page.request, DEMO_BUYER);
  await page.goto('/');
  // the accessible name holds the visible name and trades (label in name)
  await expect(userMenu(page)).toHaveAccessibleName(/User menu.*Ava Thompson.*\(\d[\d,]* trades?\)/);
  await userMenu(page).click();
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'BACK OFFICE' })).toHaveCount(0);
});

test('a dialog gives focus back to the button that opened it', async ({ page }) => {
  await logInAs(page.request, ADMIN);
  await page.goto('/compliance-dashboard');

  const details = page.getByRole('button', { name: 'View Details' }).first();
  await details.click();
  const dialog = page.getByRole('dialog', { name: 'Data Listing Details' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(details).toBeFocused();

  // the review dialog, closed with its Cancel button
  const approve = page.getByRole('button', { name: 'Approve', exact: true }).first();
  await approve.click();
  const review = page.getByRole('dialog', { name: /^Approve/ });
  await expect(review).toBeVisible();
  await review.getByRole('button', { name: 'Cancel' }).click();
  await expect(review).toHaveCount(0);
  await expect(approve).toBeFocused();

  // details -> its Approve -> Close: back to the row's View Details
  await details.click();
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  const fromDetails = page.getByRole('dialog', { name: 'Approve Data Listing' });
  await expect(fromDetails).toBeVisible();
  await fromDetails.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(details).toBeFocused();
});

test('logging in unverified shows an amber warning, and the next screen does not claim a mail was sent', async ({ page, request }) => {
  const user = await createUser(request, { verified: false, label: 'unverified' });
  await page.goto('/auth/login');
  await page.getByLabel('Username or Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');

  const warning = toast(page, 'Email Not Verified');
  await expect(warning).toBeVisible();
  await expect(warning).toHaveAttribute('data-variant', 'warning');
  // a warning interrupts: it is added to the assertive live list (a success goes to the polite one)
  await expect(page.getByTestId('toasts-urgent')).toHaveAttribute('aria-live', 'assertive');
  await expect(page.getByTestId('toasts-urgent').getByTestId('toast')).toContainText('Email Not Verified');
  // the theme's amber, not the success green
  await expect(warning).toHaveCSS('border-left-color', 'rgb(255, 176, 32)');

  await expect(page).toHaveURL(/\/auth\/verify-email\?from=login&email=/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Your email is not verified yet' })).toBeVisible();
  await expect(main).toContainText(`${user.email} is not verified yet`);
  await expect(main).not.toContainText('We sent');
  await expect(main.getByRole('button', { name: 'RESEND VERIFICATION EMAIL' })).toBeVisible();
});

test('a direct visit to /auth/verify-email says what to do, without claiming a link was sent', async ({ page }) => {
  await page.goto('/auth/verify-email');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'How to verify your account' })).toBeVisible();
  await expect(main).toContainText('Open the verification link in the email you received after registering');
  await expect(main).toContainText('Enter your address below and we will send a new link');
  await expect(main).not.toContainText('We sent');
  await expect(main.getByLabel('Email')).toHaveValue('');

  // straight after registering, the screen does say the link was mailed
  await page.goto('/auth/verify-email?email=new%40example.com');
  await expect(page.getByRole('main')).toContainText('We sent a verification link to new@example.com');
});

test('every sector has its own ticker', async ({ page }) => {
  const { categories } = await gql<{ categories: { label: string; ticker: string }[] }>(page.request, '{ categories { label ticker } }');
  const tickers = categories.map((c) => c.ticker);
  expect(new Set(tickers).size).toBe(categories.length);
  expect(tickers).toEqual(expect.arrayContaining(['FINX', 'CONS', 'HLTH', 'SOCL', 'ECOM', 'REAL', 'TRAN', 'ENRG', 'ENTR', 'EDUC', 'MRKT', 'TECH', 'OTHR']));

  await page.goto('/');
  const social = page.getByRole('checkbox', { name: 'Social Media' });
  await expect(social.locator('xpath=ancestor::label[1]')).toContainText('SOCL');
  // the ticker strip counts the contracts the hero counts
  const figures = page.getByTestId('floor-stats');
  const active = (await figures.getByText(/^\d[\d,]*$/).first().textContent())!.trim();
  await expect(page.getByRole('region', { name: 'Market ticker' })).toContainText(`ACTIVE CONTRACTS${active}`);
});

// A phone: 390 px wide, touch.
test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('on a phone the navigation is behind a Menu button: every link, tapped open, closed by a link or Escape', async ({ page }) => {
    await logInAs(page.request, ADMIN);
    await page.goto('/');
    // no sideways strip of tabs: a visible Menu button in the header instead
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menu).toBeVisible();
    await expect(menu).toBeInViewport({ ratio: 1 });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.tap();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = ['TRADING FLOOR', 'BROWSE', 'TRADING', 'LIST DATA', 'DASHBOARD', 'MESSAGES', 'MY DATA', 'EARNINGS', 'BACK OFFICE'];
    for (const name of links) {
      const link = nav.getByRole('link', { name, exact: true });
      await expect(link, name).toBeVisible();
      const box = (await link.boundingBox())!;
      // the whole list fits the phone: nothing off to the side, each row a comfortable tap target
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
      expect(box.height, name).toBeGreaterThanOrEqual(40);
    }
    await expect(nav.getByRole('link', { name: 'TRADING FLOOR' })).toHaveAttribute('aria-current', 'page');
    // the keyboard is in the list
    await expect(nav.getByRole('link', { name: 'TRADING FLOOR' })).toBeFocused();

    await nav.getByRole('link', { name: 'MY DATA', exact: true }).tap();
    await expect(page).toHaveURL('/my-data');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    // Escape closes it and gives focus back to the button; so does a tap outside
    await menu.tap();
    await expect(nav.getByRole('link', { name: 'MY DATA', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(menu).toBeFocused();
    await menu.tap();
    await page.locator('main').tap({ position: { x: 5, y: 650 } });
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('logged out on a phone, the Menu holds the market links only', async ({ page }) => {
    await page.goto('/browse');
    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['TRADING FLOOR', 'BROWSE', 'TRADING', 'LIST DATA']);
    await nav.getByRole('link', { name: 'TRADING', exact: true }).tap();
    await expect(page).toHaveURL('/trading');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  });
});
