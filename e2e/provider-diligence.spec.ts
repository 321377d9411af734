import type { Page } from '@playwright/test';
import { createUser, expect, gql, test, toast } from './fixtures.ts';
import { adminLogin, DEMO_PROVIDER, login, unique } from './providing.ts';

// The provider's side, before any listing: applying for due diligence through the form (and again
// after a rejection), and what /list-data and /due-diligence show visitors, applicants, the
// administrator and the approved demo provider. Listings are picked by id or unique title, never
// by position: the other journeys share the server and its demo data.

const YES_NO = [
  'Do you have a published data privacy policy?',
  'Are you GDPR compliant?',
  'Are you CCPA compliant?',
  'Do you have user consent for the data you sell?',
  'Do you have data processing agreements in place?',
];

/** Fills every field of the application with valid answers (data types: E-commerce & retail). */
async function fillApplication(page: Page, { business, email }: { business: string; email: string }) {
  const form = page.getByRole('form', { name: 'Due diligence application' });
  await form.getByLabel('Legal business name').fill(business);
  await form.getByLabel('Business type').selectOption('llc');
  await form.getByLabel('Business address').fill('221 Market Street, San Francisco, CA 94105, USA');
  await form.getByLabel('Contact email').fill(email);
  await form.getByLabel('Contact phone').fill('+1 415 555 0142');
  await form.getByLabel('Website', { exact: true }).fill('https://applicant.example.com');
  await form.getByLabel('Years in business').fill('4');
  await form.getByLabel('Annual revenue').selectOption('500k_1m');
  await form.getByLabel('Employees').selectOption('11_50');
  await form.getByLabel('Business description').fill('We run a retail panel of 2,000 stores and sell anonymised basket-level purchase data to brands and analysts.');
  await form.getByRole('group', { name: 'Data types' }).getByLabel('E-commerce & retail').check();
  await form.getByLabel('Data sources', { exact: true }).fill('Point-of-sale exports of partner retailers');
  await form.getByLabel('Data volume').fill('40M rows / month');
  // every question answered; CCPA with a No
  for (const [i, q] of YES_NO.entries()) {
    await form.getByRole('radiogroup', { name: q }).getByLabel(i === 2 ? 'No' : 'Yes').check();
  }
  await form.getByRole('group', { name: 'Certifications (optional)' }).getByLabel('ISO 27001').check();
  await form.getByLabel('Tax ID').fill('94-1234567');
  await form.getByLabel('Client references').fill('Acme Corp, Jane Doe\nGlobex, John Roe');
}

test('a fresh user applies for due diligence through the form and sees Pending Review', async ({ page }) => {
  test.slow(); // a long form
  const user = await createUser(page.request, { verified: true, label: 'applicant' });

  // logged out: a way to log in that comes back here
  await page.goto('/due-diligence');
  const main = page.getByRole('main');
  await expect(main.getByText('Please log in')).toBeVisible();
  await main.getByRole('link', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL('/auth/login?next=%2Fdue-diligence');
  await page.getByLabel('Username or Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL('/due-diligence');

  const form = page.getByRole('form', { name: 'Due diligence application' });
  const submit = form.getByRole('button', { name: 'SUBMIT APPLICATION' });
  await expect(submit).toBeVisible();

  // the choices: 12 data types, 8 certifications, every yes/no question unanswered
  const dataTypes = form.getByRole('group', { name: 'Data types' });
  await expect(dataTypes.getByRole('checkbox')).toHaveCount(12);
  await expect(form.getByRole('group', { name: 'Certifications (optional)' }).getByRole('checkbox')).toHaveCount(8);
  for (const q of YES_NO) {
    const answers = form.getByRole('radiogroup', { name: q }).getByRole('radio');
    await expect(answers).toHaveCount(2);
    for (const radio of await answers.all()) await expect(radio).not.toBeChecked();
  }

  // without a data type the application cannot be sent, and the bar beside Submit says what is
  // missing, each item a link to its field
  await expect(submit).toBeDisabled();
  const missing = form.getByTestId('missing-items');
  await expect(missing).toContainText('answers still needed before you can submit');
  await expect(missing.getByRole('button', { name: 'At least one data type' })).toBeVisible();
  await expect(missing.getByRole('button', { name: 'GDPR question' })).toBeVisible();
  await missing.getByRole('button', { name: 'Legal business name' }).click();
  await expect(form.getByLabel('Legal business name')).toBeFocused();
  await missing.getByRole('button', { name: 'At least one data type' }).click();
  await expect(dataTypes.getByRole('checkbox').first()).toBeFocused();

  // an empty submit (one data type chosen) shows every rule's message
  await dataTypes.getByLabel('Consumer behavior').check();
  await expect(submit).toBeEnabled();
  await form.getByLabel('Website', { exact: true }).fill('not a website');
  await form.getByLabel('Years in business').fill('-1');
  await submit.click();
  for (const message of [
    'Business name must be at least 2 characters',
    'Business type is required',
    'Business address must be at least 10 characters',
    'Please enter a valid contact email',
    'Phone number must be at least 10 characters',
    'Business description must be at least 50 characters',
    'Website must be a valid URL (https://...) or empty',
    'Years in business must be a whole number of at least 0',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await expect(form.getByText('Please answer Yes or No')).toHaveCount(YES_NO.length);
  // taking the data type away again disables the submit and says why
  await dataTypes.getByLabel('Consumer behavior').uncheck();
  await expect(submit).toBeDisabled();
  await expect(dataTypes.getByText('Select at least one data type')).toBeVisible();

  // a valid application
  const business = unique('Pit Applicant Data');
  await fillApplication(page, { business, email: user.email });
  await dataTypes.getByLabel('Consumer behavior').check();
  await expect(form.getByText('Please answer Yes or No')).toHaveCount(0);
  // nothing missing any more: the list gives way to the review note
  await expect(missing).toHaveCount(0);
  await expect(form.getByTestId('submit-note')).toContainText('2-5 business days');
  await submit.click();

  await expect(toast(page, 'Application Submitted')).toContainText('2-5 business days');
  const status = page.getByTestId('application-status');
  await expect(status).toHaveAttribute('data-status', 'submitted');
  await expect(status.getByText('Pending Review', { exact: true })).toBeVisible();
  await expect(status).toContainText('Review takes 2-5 business days');
  await expect(status).toContainText(business);
  await expect(status).toContainText('Consumer behavior');
  await expect(status).toContainText('E-commerce & retail');
  await expect(status.getByRole('link', { name: /Back to List Data/ })).toHaveAttribute('href', '/list-data');
  await expect(form).toHaveCount(0);

  // the server has it as answered, and the page keeps showing the status
  const { viewer } = await gql<{ viewer: { dueDiligenceStatus: string; latestApplication: { businessName: string; ccpaCompliant: boolean; gdprCompliant: boolean; clientReferences: string[]; revenueRange: string } } }>(
    page.request,
    '{ viewer { dueDiligenceStatus latestApplication { businessName ccpaCompliant gdprCompliant clientReferences revenueRange } } }',
  );
  expect(viewer.dueDiligenceStatus).toBe('submitted');
  expect(viewer.latestApplication).toEqual({ businessName: business, ccpaCompliant: false, gdprCompliant: true, clientReferences: ['Acme Corp, Jane Doe', 'Globex, John Roe'], revenueRange: '500k_1m' });
  await page.reload();
  await expect(page.getByTestId('application-status')).toContainText('Pending Review');

  // /list-data: the pending banner over a disabled form
  await status.getByRole('link', { name: /Back to List Data/ }).click();
  await expect(page).toHaveURL('/list-data');
  await expect(page.getByTestId('diligence-banner')).toContainText('Application Pending Review');
  await expect(page.getByTestId('diligence-banner')).toContainText('2-5 business days');
  await expect(page.getByTestId('listing-fields')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'SUBMIT LISTING' })).toBeDisabled();
});

test('a rejected applicant reads the reason, is offered RESUBMIT APPLICATION and applies again', async ({ page, request }) => {
  test.slow();
  const user = await createUser(page.request, { verified: true, label: 'reapply' });
  await login(page.request, user.email, user.password);
  await page.goto('/due-diligence');
  const business = unique('Rejected Data Co');
  await fillApplication(page, { business, email: user.email });
  await page.getByRole('button', { name: 'SUBMIT APPLICATION' }).click();
  await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'submitted');

  // an administrator rejects it with a reason (REST, as the back office does)
  const { viewer } = await gql<{ viewer: { latestApplication: { applicationId: string } } }>(page.request, '{ viewer { latestApplication { applicationId } } }');
  await adminLogin(request);
  const reason = 'The business registration could not be verified.';
  const rejected = await request.patch(`/api/due-diligence/${viewer.latestApplication.applicationId}`, { data: { status: 'rejected', rejectionReason: reason } });
  expect(rejected.status(), await rejected.text()).toBe(200);

  // /list-data: the rejected banner sends the user back to the application
  await page.goto('/list-data');
  const banner = page.getByTestId('diligence-banner');
  await expect(banner).toContainText('Application Rejected');
  await expect(banner).toContainText(reason);
  await expect(page.getByTestId('listing-fields')).toBeDisabled();
  await banner.getByRole('link', { name: 'RESUBMIT APPLICATION' }).click();
  await expect(page).toHaveURL('/due-diligence');

  // the status page gives the reason and offers a new application
  const status = page.getByTestId('application-status');
  await expect(status).toHaveAttribute('data-status', 'rejected');
  await expect(status.getByTestId('rejection-reason')).toHaveText(reason);
  await status.getByRole('button', { name: 'Submit a new application' }).click();
  const form = page.getByRole('form', { name: 'Due diligence application' });
  await expect(form).toBeVisible();
  // the rejected answers are the starting point
  await expect(page.getByRole('main')).toContainText(reason);
  await expect(form.getByLabel('Legal business name')).toHaveValue(business);
  await expect(form.getByRole('radiogroup', { name: YES_NO[2]! }).getByLabel('No')).toBeChecked();
  await expect(form.getByRole('group', { name: 'Data types' }).getByLabel('E-commerce & retail')).toBeChecked();
  await expect(form.getByLabel('Client references')).toHaveValue('Acme Corp, Jane Doe\nGlobex, John Roe');
  await fillApplication(page, { business: `${business} II`, email: user.email });
  await form.getByRole('button', { name: 'SUBMIT APPLICATION' }).click();

  await expect(toast(page, 'Application Submitted')).toContainText('2-5 business days');
  await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'submitted');
  await expect(page.getByTestId('application-status')).toContainText(`${business} II`);
  await page.goto('/list-data');
  await expect(page.getByTestId('diligence-banner')).toContainText('Application Pending Review');
});

test('administrators are exempt: the Administrator Account banner over an enabled form', async ({ page }) => {
  await adminLogin(page.request);
  await page.goto('/list-data');
  await expect(page.getByTestId('diligence-banner')).toContainText('Administrator Account');
  await expect(page.getByTestId('diligence-banner')).toContainText('exempt from due diligence');
  await expect(page.getByTestId('listing-fields')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'SUBMIT LISTING' })).toBeEnabled();
  await page.goto('/due-diligence');
  await expect(page.getByRole('main')).toContainText('Administrators are exempt from due diligence');
  await expect(page.getByRole('form', { name: 'Due diligence application' })).toHaveCount(0);
});

test('the approved provider sees Approved on /due-diligence with a way to /list-data', async ({ page }) => {
  await login(page.request, DEMO_PROVIDER);
  await page.goto('/due-diligence');
  const status = page.getByTestId('application-status');
  await expect(status).toHaveAttribute('data-status', 'approved');
  await expect(status).toContainText('you can list data');
  await status.getByRole('link', { name: 'LIST DATA', exact: true }).click();
  await expect(page).toHaveURL('/list-data');
  await expect(page.getByTestId('diligence-banner')).toContainText('Due Diligence Approved');
});

test('/list-data: ACCESS DENIED for visitors; a user without due diligence sees the disabled form and START APPLICATION', async ({ page }) => {
  await page.goto('/list-data');
  const main = page.getByRole('main');
  await expect(main.getByText('ACCESS DENIED')).toBeVisible();
  await expect(main.getByText('Please login to list data')).toBeVisible();
  await expect(main.getByRole('form')).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/auth/login?next=%2Flist-data');

  const user = await createUser(page.request, { verified: true, label: 'lister' });
  await login(page.request, user.email, user.password);
  await page.goto('/list-data');
  const banner = page.getByTestId('diligence-banner');
  await expect(banner).toContainText('Due Diligence Required');
  // the form and its explainer are there, but nothing can be changed or sent
  await expect(page.getByRole('list', { name: 'How listing works' })).toContainText('Submission');
  await expect(page.getByRole('list', { name: 'How listing works' })).toContainText('2-5 business days');
  await expect(page.getByRole('list', { name: 'How listing works' })).toContainText('Approval');
  await expect(page.getByTestId('listing-fields')).toBeDisabled();
  await expect(page.getByLabel('Title', { exact: true })).toBeDisabled();
  await expect(page.getByRole('radio', { name: /^File upload/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'SUBMIT LISTING' })).toBeDisabled();
  await expect(page.getByText('Complete due diligence to list data.')).toBeVisible();

  await banner.getByRole('link', { name: 'START APPLICATION' }).click();
  await expect(page).toHaveURL('/due-diligence');
  await expect(page.getByRole('form', { name: 'Due diligence application' })).toBeVisible();
});
