import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { createUser, expect, gql, test, toast } from './fixtures.ts';

// Webhooks (issue 27): a person adds an endpoint pointing at a receiver this journey starts on
// 127.0.0.1 (the server runs with WEBHOOK_ALLOW_PRIVATE_NETWORKS=1), copies its secret (shown once),
// sends a test event, reads the delivery in the log, and redelivers it; the receiver checks the
// signature with the secret.

async function startReceiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received, thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/datapit`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The journeys' clock: runs the webhook deliveries due now (the server's own runner may be first). */
async function runDeliveries(request: APIRequestContext) {
  const res = await request.post('/api/test/jobs/run', { data: { at: new Date(Date.now() + 1000).toISOString(), kinds: ['webhook.deliver'] } });
  expect(res.status()).toBe(200);
}

const verify = (secret: string, body: string, header: string) => {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
  return !!t && crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex') === v1;
};

test('add a webhook, see its secret once, send a test event, read the delivery, redeliver', async ({ page }) => {
  test.setTimeout(60_000);
  const receiver = await startReceiver();
  try {
    const user = await createUser(page.request, { verified: true, label: 'hooked' });
    const { login } = await gql<{ login: { __typename: string } }>(page.request, 'mutation ($input: LoginInput!) { login(input: $input) { __typename } }', {
      input: { usernameOrEmail: user.email, password: user.password },
    });
    expect(login.__typename).toBe('MutationLoginSuccess');

    await page.goto('/dashboard/developers');
    await expect(page.getByRole('heading', { name: 'Developers', exact: true }).first()).toBeVisible();
    const section = page.getByTestId('webhooks-section');
    await expect(section.getByText('No endpoints yet')).toBeVisible();

    // Add: a bad URL is refused with its reason, then the receiver with two event types.
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
    await form.getByLabel('Endpoint URL').fill('ftp://example.com/x');
    await form.getByLabel('All events, including types added later').check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form.getByText('url must be an http or https URL')).toBeVisible();
    await form.getByLabel('All events, including types added later').uncheck();
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByLabel('Description (optional)').fill('Order sync');
    await form.getByRole('group', { name: 'bid events' }).getByLabel('bid.accepted').check();
    await form.getByRole('group', { name: 'payment events' }).getByLabel('payment.released').check();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: 'test-results/webhooks-form-desktop.png', fullPage: true });
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, shown this once.
    const secret = (await page.getByTestId('webhook-secret').textContent())!;
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const row = section.locator('li[data-testid^="webhook-"]');
    await expect(row).toHaveCount(1);
    await expect(row.getByText(receiver.url)).toBeVisible();
    await expect(row.getByText('Order sync · bid.accepted, payment.released')).toBeVisible();
    await expect(row.getByText('Enabled')).toBeVisible();

    // A test event, delivered by the job runner, in the log with its answer.
    await row.getByRole('button', { name: 'Deliveries' }).click();
    await row.getByRole('button', { name: 'Send test event' }).click();
    await expect(toast(page, 'Test event queued')).toBeVisible();
    await runDeliveries(page.request);
    await expect.poll(() => receiver.received.length).toBe(1);
    const sent = receiver.received[0]!;
    expect(sent.headers['datapit-event-type']).toBe('webhook.test');
    expect(verify(secret, sent.body, String(sent.headers['datapit-signature']))).toBe(true);
    const delivery = row.locator('li[data-testid^="delivery-"]');
    await expect(async () => {
      await row.getByRole('button', { name: 'Refresh' }).click();
      await expect(delivery.getByText('succeeded')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(delivery.getByText('webhook.test')).toBeVisible();
    await expect(delivery.getByText(/1 attempt · 200 · \d+ ms/)).toBeVisible();

    // Redeliver: a second attempt, same event id.
    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await expect(toast(page, 'Redelivery queued')).toBeVisible();
    await runDeliveries(page.request);
    await expect.poll(() => receiver.received.length).toBe(2);
    expect(receiver.received[1]!.headers['datapit-event-id']).toBe(sent.headers['datapit-event-id']);
    await expect(async () => {
      await row.getByRole('button', { name: 'Refresh' }).click();
      await expect(delivery.getByText(/2 attempts · 200/)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await delivery.getByRole('button', { name: 'Attempts' }).click();
    await expect(delivery.getByRole('table', { name: 'Attempts of webhook.test' }).getByText('received, thanks')).toHaveCount(2);
    await page.screenshot({ path: 'test-results/webhooks-desktop.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/webhooks-phone.png', fullPage: true });

    // Gone after a reload: the secret is never shown again.
    await page.reload();
    await expect(row.getByText(receiver.url)).toBeVisible();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    // Delete, after a confirmation.
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(toast(page, 'Endpoint deleted')).toBeVisible();
    await expect(section.getByText('No endpoints yet')).toBeVisible();
  } finally {
    await receiver.close();
  }
});
