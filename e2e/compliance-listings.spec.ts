import crypto from 'node:crypto';
import { expect, gql, test, toast } from './fixtures.ts';
import { adminSession, counter, freshProvider, LISTING, listingRow, logInAsAdmin, summary, uid } from './reviewing.ts';

// The back office's pending data listings: the listing details dialog, approving a listing onto the
// trading floor and rejecting one.
//
// The journeys share one server (and its demo data) with the others, so every exact outcome is
// asserted on data created here through the API: fresh applicants, fresh providers, fresh listings.

// Each journey first creates its people through the API (registration, mailed verification, a
// memory-hard password hash per login), which alone can take seconds on a busy machine.
test.describe.configure({ timeout: 60_000 });

test.describe('pending data listings', () => {
  test('the details dialog shows every section; approving puts the listing on the trading floor', async ({ page, playwright, baseURL }) => {
    const admin = await adminSession(playwright, baseURL);
    const provider = await freshProvider(playwright, baseURL, admin);

    // the data file: uploaded first, then named by the listing
    const rows = [
      { store_id: 'S-001', visitors: 42, hour: '2026-01-05T10:00:00Z' },
      { store_id: 'S-002', visitors: 17, hour: '2026-01-05T10:00:00Z' },
    ];
    const bytes = Buffer.from(JSON.stringify(rows, null, 2));
    const upload = await provider.ctx.post('/api/uploads', { multipart: { file: { name: 'foot-traffic.json', mimeType: 'application/json', buffer: bytes } } });
    expect(upload.status(), await upload.text()).toBe(201);
    const file = (await upload.json()) as { fileId: string; downloadUrl: string };

    const title = `E2E Foot Traffic ${uid()}`;
    const created = await provider.ctx.post('/api/contracts', {
      data: {
        ...LISTING,
        title,
        dataFormat: 'json',
        dataAccessType: 'both',
        fileId: file.fileId,
        dataFields: ['store_id', 'visitors', 'hour'],
        sampleData: [rows[0]],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const contract = (await created.json()) as { id: string; status: string; deliveryMethod: string | null };
    expect(contract.status).toBe('pending_review');
    expect(contract.deliveryMethod).toBeNull();

    await logInAsAdmin(page);
    const pendingBefore = (await summary(admin)).dataListingsPending;
    await expect.poll(() => counter(page, 'Data Listings Pending')).toBe(pendingBefore);

    const row = await listingRow(page, title);
    await expect(row).toContainText('Consumer Behavior');
    await expect(row).toContainText('$450.50');
    await expect(row).toContainText('JSON');
    await expect(row).toContainText(LISTING.description);

    await row.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Data Listing Details' });
    await expect(dialog).toBeVisible();
    for (const section of ['Basic Information', 'Pricing & Technical Specs', 'Data Access & Files', 'Data Structure', 'Submission Details']) {
      await expect(dialog.getByRole('heading', { name: section })).toBeVisible();
    }
    const field = (label: string) => dialog.locator(`[data-field="${label}"] dd`);
    // basic info
    await expect(field('Title')).toHaveText(title);
    await expect(field('Category')).toHaveText('Consumer Behavior');
    await expect(field('Provider')).toHaveText(provider.user.name);
    await expect(field('Status')).toHaveText('Pending Review');
    await expect(field('Description')).toHaveText(LISTING.description);
    // pricing and technical specs; 'Not specified' for what the provider left out
    await expect(field('Price')).toHaveText('$450.50');
    await expect(field('Pricing Model')).toHaveText('One-time purchase');
    await expect(field('Record Count')).toHaveText('2');
    await expect(field('Field Count')).toHaveText('3');
    await expect(field('Data Format')).toHaveText('JSON');
    await expect(field('Delivery Method')).toHaveText('Not specified');
    await expect(field('Update Frequency')).toHaveText('Hourly');
    // data access and files
    await expect(dialog.getByTestId('file-name')).toHaveText('foot-traffic.json');
    await expect(dialog.getByTestId('file-size')).toHaveText(`${bytes.length} bytes`);
    await expect(dialog.getByTestId('file-sha256')).toHaveText(crypto.createHash('sha256').update(bytes).digest('hex'));
    const download = dialog.getByRole('link', { name: 'Download Sample' });
    await expect(download).toHaveAttribute('href', file.downloadUrl);
    await expect(download).toHaveAttribute('target', '_blank');
    // administrators may download it (the browser's session)
    const fetched = await page.request.get(file.downloadUrl);
    expect(fetched.status()).toBe(200);
    expect(Buffer.from(await fetched.body()).equals(bytes)).toBe(true);
    await expect(field('External Access Link').getByRole('link')).toHaveAttribute('href', LISTING.dataAccessUrl);
    await expect(field('Access Instructions')).toHaveText(LISTING.accessInstructions);
    // data structure as formatted JSON
    await expect(dialog.getByTestId('data-fields-json')).toContainText('"visitors"');
    const sample = dialog.getByTestId('sample-data-json');
    await expect(sample).toContainText('"store_id": "S-001"');
    await expect(sample).toContainText('"visitors": 42');
    // submission details
    await expect(field('Submitted')).toHaveText(/\d{4}/);
    await expect(field('Enterprise Listing')).toHaveText('No');

    // approve from the dialog
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    const approve = page.getByRole('dialog', { name: 'Approve Data Listing' });
    await expect(approve.getByLabel('Review Notes')).toHaveValue('Approved after review');
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();

    await expect(toast(page, 'Data Listing Approved')).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
    await expect.poll(() => counter(page, 'Data Listings Pending')).toBe(pendingBefore - 1);

    // now live: found on the trading floor
    await page.goto(`/?search=${encodeURIComponent(title)}`);
    await expect(page.getByTestId('search-chip')).toContainText(title);
    await expect(page.getByTestId('contract-list').getByText(title).first()).toBeVisible();

    await admin.dispose();
    await provider.ctx.dispose();
  });

  test('the admin rejects a listing with the default reason', async ({ page, playwright, baseURL }) => {
    const admin = await adminSession(playwright, baseURL);
    const provider = await freshProvider(playwright, baseURL, admin);
    const title = `E2E Rejected Feed ${uid()}`;
    const created = await provider.ctx.post('/api/contracts', { data: { ...LISTING, title } });
    expect(created.status(), await created.text()).toBe(201);
    const contract = (await created.json()) as { id: string };

    await logInAsAdmin(page);
    const row = await listingRow(page, title);
    await expect(row).toContainText('CSV');
    await row.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Data Listing' });
    await expect(dialog.getByLabel('Rejection Reason')).toHaveValue('Does not meet quality standards');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();

    await expect(toast(page, 'Data Listing Rejected')).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);

    // the provider reads the decision
    const { contract: decided } = await gql<{ contract: { status: string; rejectionReason: string | null } }>(
      provider.ctx,
      'query ($id: ID!) { contract(id: $id) { status rejectionReason } }',
      { id: contract.id },
    );
    expect(decided).toEqual({ status: 'rejected', rejectionReason: 'Does not meet quality standards' });
    // and it is not on the floor
    await page.goto(`/?search=${encodeURIComponent(title)}`);
    await expect(page.getByText('No contracts match these filters')).toBeVisible();

    await admin.dispose();
    await provider.ctx.dispose();
  });
});
