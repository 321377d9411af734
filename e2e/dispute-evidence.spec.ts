import fs from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { expect, gql, test, toast } from './fixtures.ts';
import { ADMIN, buyerWhoPaid, DEMO_PROVIDER, login, uploadedListing } from './library.ts';

// Before paying and after (docs/decisions.md "Issue 26: before paying", "Issue 26: dispute
// evidence"): the contract page shows the field dictionary, the file's size and sha256 and offers
// the sample as CSV and JSON; a buyer opens a dispute with a file, the provider answers with a
// statement and a file, and the administrator reads both beside the access log and the parties'
// conversation, and settles.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function signedIn(browser: Browser, email: string, password?: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page.request, email, password);
  return page;
}

test('before paying: the contract page shows the field dictionary, the size and sha256, and the sample as CSV and JSON', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const provider = await signedIn(browser, DEMO_PROVIDER);
  const listing = await uploadedListing(provider.request);
  const { contract } = await gql<{ contract: { files: { sha256: string; size: number; createdAt: string }[]; dataFields: string[] } }>(
    provider.request,
    'query ($id: ID!) { contract(id: $id) { dataFields files { sha256 size createdAt } } }',
    { id: listing.id },
  );
  const file = [...contract.files].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!;
  await provider.context().close();

  // a visitor, not logged in
  await page.goto(`/contract/${listing.contractId}`);
  const panel = page.getByTestId('what-you-get');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('release-sha256')).toHaveText(file.sha256);
  await expect(panel.getByTestId('release-size')).not.toHaveText('—');
  const dictionary = panel.getByTestId('field-dictionary');
  await expect(dictionary.getByRole('row').nth(1)).toBeVisible();
  await expect(dictionary).toContainText(contract.dataFields[0]!);

  for (const format of ['csv', 'json'] as const) {
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByTestId(`sample-${format}`).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`-sample\\.${format}$`));
    const text = await fs.readFile((await download.path())!, 'utf8');
    if (format === 'csv') expect(text.split('\r\n')[0]).toContain(contract.dataFields[0]!);
    else expect(Object.keys(JSON.parse(text)[0])).toContain(contract.dataFields[0]!);
  }
});

test('a dispute with evidence: the buyer attaches a file, the provider answers, the administrator reads both with the access log and settles', async ({ page, browser }) => {
  // three people's sessions, two uploads and a settlement
  test.setTimeout(180_000);
  const provider = await signedIn(browser, DEMO_PROVIDER);
  const listing = await uploadedListing(provider.request);
  const { buyer } = await buyerWhoPaid(page, listing);
  const description = `The rows stop early (${Date.now().toString(36)})`;

  // the buyer and the provider talk about the listing before the dispute
  const opened = await gql<{ openConversation: { data?: { conversationId: string } } }>(
    page.request,
    'mutation ($input: OpenConversationInput!) { openConversation(input: $input) { ... on MutationOpenConversationSuccess { data { conversationId } } } }',
    { input: { contractId: listing.id } },
  );
  const conversationId = opened.openConversation.data!.conversationId;
  expect((await page.request.post('/api/messages', { data: { conversationId, content: 'Where are the rows after March?' } })).status()).toBe(201);

  // the buyer opens the dispute with a screenshot
  await page.goto(`/payment-success/${listing.contractId}`);
  await page.getByTestId('next-steps').getByRole('button', { name: 'Raise dispute' }).click();
  const form = page.getByTestId('dispute-form');
  await form.getByLabel('Reason').selectOption({ label: 'Incomplete data' });
  await form.getByLabel('Description').fill(description);
  await form.getByTestId('evidence-files').setInputFiles({ name: 'missing-rows.png', mimeType: 'image/png', buffer: PNG });
  await expect(form).toContainText('missing-rows.png');
  await form.getByRole('button', { name: 'SUBMIT DISPUTE' }).click();
  await expect(toast(page, 'Dispute Raised')).toBeVisible();
  const evidence = page.getByTestId('dispute').getByTestId('dispute-evidence');
  await expect(evidence.getByTestId('evidence-entry')).toHaveCount(1);
  await expect(evidence.getByTestId('evidence-entry').first()).toHaveAttribute('data-role', 'buyer');
  await expect(evidence.getByTestId('evidence-file')).toContainText('missing-rows.png');

  // the provider answers from their sales: a statement and a PDF
  await provider.goto('/dashboard/payments');
  const sale = provider.getByTestId('sale-row').filter({ hasText: buyer.name }).filter({ hasText: listing.title });
  await sale.getByTestId('sale-dispute-open').click();
  const dialog = provider.getByRole('dialog', { name: `Dispute · ${listing.title}` });
  await expect(dialog).toContainText(description);
  await expect(dialog.getByTestId('evidence-file')).toContainText('missing-rows.png');
  await dialog.getByLabel('Your statement').fill('The listing covers January to March; the rows after March are in the next release.');
  await dialog.getByTestId('evidence-files').setInputFiles({ name: 'coverage.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByTestId('evidence-submit').click();
  await expect(toast(provider, 'Evidence Added')).toBeVisible();
  await expect(dialog.getByTestId('evidence-entry')).toHaveCount(2);
  await provider.context().close();

  // the buyer is told, and reads the answer
  await page.reload();
  await expect(page.getByTestId('dispute').getByTestId('evidence-entry')).toHaveCount(2);
  await expect(page.getByTestId('dispute')).toContainText('the rows after March are in the next release');

  // the administrator: both sides' evidence, the access log and the conversation, then settles
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/admin-login');
  await admin.getByLabel('Email').fill(ADMIN.email);
  await admin.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await admin.getByRole('button', { name: 'LOGIN AS ADMIN' }).click();
  await expect(admin).toHaveURL('/compliance-dashboard');
  const row = admin.getByTestId('disputed-payments').getByTestId('dispute-row').filter({ hasText: description });
  for (let i = 0; i < 20 && (await row.count()) === 0; i++) {
    const more = admin.getByTestId('disputed-payments').getByRole('button', { name: 'Load more disputes' });
    if ((await more.count()) === 0) break;
    await more.click();
  }
  await row.getByRole('button', { name: 'View Evidence' }).click();
  const seen = admin.getByRole('dialog', { name: `Dispute · ${listing.title}` });
  await expect(seen.getByTestId('evidence-entry')).toHaveCount(2);
  await expect(seen.getByTestId('evidence-file')).toHaveCount(2);
  await expect(seen.getByRole('table', { name: 'Access log' }).or(seen.getByText('The buyer has not used the data'))).toBeVisible();
  await expect(seen.getByTestId('dispute-conversation')).toContainText('Where are the rows after March?');
  const [pdf] = await Promise.all([admin.waitForEvent('download'), seen.getByTestId('evidence-file').filter({ hasText: 'coverage.pdf' }).click()]);
  expect((await fs.readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  await seen.getByRole('button', { name: 'Release' }).click();
  const settle = admin.getByRole('dialog', { name: 'Release Dispute' });
  await settle.getByLabel('Settlement Note').fill('The listing states its coverage; the provider’s answer holds.');
  await settle.getByRole('button', { name: 'Release' }).click();
  await expect(toast(admin, 'Dispute Released')).toBeVisible();
  await admin.context().close();
});
