import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { pdfText } from '../../test/pdf-text.ts';
import type { Client } from '../../test/harness.ts';
import { SUCCESS_CARD, paymentsTestbed } from '../payments/payments.testbed.ts';
import { receiptJobKey } from './invoices.jobs.ts';

// Invoices, credit notes and the receipt mail, per role (docs/decisions.md, "Issue 25: receipts and
// invoices"): the buyer, the seller and administrators read a payment's documents; others do not.

const year = new Date().getUTCFullYear();
const INVOICE_NUMBER = new RegExp(`^DP-${year}-\\d{6}$`);

describe.each(testDatabases())('invoices on %s', (kind) => {
  const { app, users, db, login, anonymous, post, contract, pay } = paymentsTestbed(kind);
  const pdf = async (client: Client, path: string) => {
    const res = await client.request(path);
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const invoiceOf = (paymentId: string) => db().invoice.findUniqueOrThrow({ where: { paymentId_kind: { paymentId, kind: 'invoice' } } });

  it('a confirmed payment has its invoice: the buyer, the seller and administrators download the PDF; others 404, anonymous 401', async () => {
    const ann = await login('ann');
    const paid = await pay(ann, await contract('200.00', 'Tick Data Gold'));
    const invoice = await invoiceOf(paid.id);
    expect(invoice.number).toMatch(INVOICE_NUMBER);
    expect(invoice).toMatchObject({ buyerName: 'ann', billingName: 'ann', sellerName: 'prov', currency: 'USD', paymentMethod: 'card' });
    expect([invoice.subtotal.toFixed(2), invoice.fee.toFixed(2), invoice.total.toFixed(2)]).toEqual(['200.00', '5.00', '205.00']);
    const path = `/api/payments/${paid.id}/invoice`;
    for (const who of [ann, await login('prov'), await login('boss')]) {
      const res = await pdf(who, path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain(`attachment; filename="${invoice.number}.pdf"`);
      expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(res.bytes);
      expect(text).toContain(invoice.number);
      expect(text).toContain('Tick Data Gold');
      expect(text).toContain('$205.00');
      expect(text).toContain('No VAT');
    }
    const bob = await pdf(await login('bob'), path);
    expect(bob.status).toBe(404);
    expect(JSON.parse(bob.bytes.toString())).toMatchObject({ code: 'NOT_FOUND' });
    const nobody = await pdf(anonymous(), path);
    expect(nobody.status).toBe(401);
    expect(JSON.parse(nobody.bytes.toString())).toMatchObject({ code: 'LOGIN_REQUIRED' });
    expect((await pdf(ann, '/api/payments/not-an-id/invoice')).status).toBe(404);
    expect((await pdf(ann, '/api/payments/0196c4a0-0000-7000-8000-000000000001/invoice')).status).toBe(404);
    // Not refunded: no credit note.
    const none = await pdf(ann, `/api/payments/${paid.id}/credit-note`);
    expect(none.status).toBe(404);
    expect(JSON.parse(none.bytes.toString()).message).toMatch(/only when a payment is refunded/);
  });

  it('a payment not confirmed has no invoice (404 to its buyer)', async () => {
    const ann = await login('ann');
    const pending = await post(ann, '/api/payments', { contractId: await contract('12.00'), paymentMethod: 'card' });
    const res = await pdf(ann, `/api/payments/${pending.body.id}/invoice`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.bytes.toString()).message).toMatch(/issued when the payment is confirmed/);
  });

  it('the receipt mail goes out after the commit, once: what, price, fee, total, method, escrow release, invoice link', async () => {
    const ann = await login('ann');
    const paid = await pay(ann, await contract('80.00', 'Receipt Feed'));
    const invoice = await invoiceOf(paid.id);
    const job = await db().job.findUniqueOrThrow({ where: { key: receiptJobKey(paid.id) } });
    expect(job.kind).toBe('payment.receipt');
    const before = app().mailer.sent.length;
    await app().jobs.runDue(new Date(Date.now() + 1000));
    const receipts = app().mailer.sent.slice(before).filter((m) => m.to === 'ann@example.com' && m.subject.startsWith('Receipt for "Receipt Feed"'));
    expect(receipts).toHaveLength(1);
    const mail = receipts[0]!;
    expect(mail.subject).toBe(`Receipt for "Receipt Feed": $82.00 (invoice ${invoice.number})`);
    for (const part of ['Receipt Feed', '$80.00', '$2.00', '$82.00', 'card', invoice.number, `/api/payments/${paid.id}/invoice`]) expect(mail.text).toContain(part);
    const releaseAt = new Date(paid.escrowEndsAt).toISOString().slice(0, 16).replace('T', ' ');
    expect(mail.text).toMatch(new RegExp(`Escrow releases +${releaseAt} UTC`));
    // The job is done: running again sends nothing more.
    await app().jobs.runDue(new Date(Date.now() + 2000));
    expect(app().mailer.sent.filter((m) => m.subject === mail.subject)).toHaveLength(1);
  });

  it('a refund issues a credit note with its own number naming the invoice; same readers', async () => {
    const ann = await login('ann');
    const paid = await pay(ann, await contract('40.00'));
    expect((await post(ann, `/api/payments/${paid.id}/dispute`, { reason: 'data_quality', description: 'Empty file' })).status).toBe(201);
    const boss = await login('boss');
    expect((await post(boss, `/api/payments/${paid.id}/settle`, { decision: 'refund' })).status).toBe(200);
    const invoice = await invoiceOf(paid.id);
    const note = await db().invoice.findUniqueOrThrow({ where: { paymentId_kind: { paymentId: paid.id, kind: 'credit_note' } } });
    expect(note.number).toMatch(new RegExp(`^CN-${year}-\\d{6}$`));
    expect(note.creditsId).toBe(invoice.id);
    expect(note.total.toFixed(2)).toBe('-41.00');
    for (const who of [ann, await login('prov'), boss]) {
      const res = await pdf(who, `/api/payments/${paid.id}/credit-note`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(`filename="${note.number}.pdf"`);
      const text = pdfText(res.bytes);
      expect(text).toContain(note.number);
      expect(text).toContain(invoice.number);
      expect(text).toContain('-$41.00');
    }
    expect((await pdf(await login('bob'), `/api/payments/${paid.id}/credit-note`)).status).toBe(404);
    expect((await pdf(anonymous(), `/api/payments/${paid.id}/credit-note`)).status).toBe(401);
    // GraphQL: the invoice with its credit note, for the screens.
    const q = await ann.gql(`query($id: ID!) { payment(id: $id) { invoice { number url total creditNote { number url total credits { number } } } } }`, { id: paid.id });
    expect(q.data.payment.invoice).toEqual({
      number: invoice.number,
      url: `/api/payments/${paid.id}/invoice`,
      total: '41.00',
      creditNote: { number: note.number, url: `/api/payments/${paid.id}/credit-note`, total: '-41.00', credits: { number: invoice.number } },
    });
    expect((await (await login('bob')).gql(`query($id: ID!) { payment(id: $id) { invoice { number } } }`, { id: paid.id })).data.payment).toBeNull();
  });

  it('two payments confirming at once get distinct consecutive numbers', async () => {
    const [ann, bob] = [await login('ann'), await login('bob')];
    const [c1, c2] = [await contract('10.00'), await contract('11.00')];
    const [p1, p2] = await Promise.all([post(ann, '/api/payments', { contractId: c1, paymentMethod: 'card' }), post(bob, '/api/payments', { contractId: c2, paymentMethod: 'card' })]);
    const confirmed = await Promise.all([
      post(ann, `/api/payments/${p1.body.id}/escrow`, { card: SUCCESS_CARD }),
      post(bob, `/api/payments/${p2.body.id}/escrow`, { card: SUCCESS_CARD }),
    ]);
    expect(confirmed.map((r) => r.status)).toEqual([200, 200]);
    const numbers = await Promise.all([invoiceOf(p1.body.id), invoiceOf(p2.body.id)]).then((all) => all.map((i) => Number(i.number.slice(-6))).sort((a, b) => a - b));
    expect(numbers[1]).toBe(numbers[0]! + 1);
    // No gaps across the whole series either.
    const all = (await db().invoice.findMany({ where: { kind: 'invoice' } })).map((i) => Number(i.number.slice(-6))).sort((a, b) => a - b);
    expect(all).toEqual(all.map((_, i) => i + 1));
  });

  it('billing details: asked once, kept in the profile; issued invoices keep the details they were issued with', async () => {
    const ann = await login('ann');
    const set = `mutation($input: BillingDetailsInput!) { updateBillingDetails(input: $input) { __typename ... on MutationUpdateBillingDetailsSuccess { data { billingDetails { name address } } } ... on Error { message } } }`;
    const saved = await ann.gql(set, { input: { name: 'Ann Analytics Ltd', address: '1 Market Street\nLondon' } });
    expect(saved.data.updateBillingDetails.data.billingDetails).toEqual({ name: 'Ann Analytics Ltd', address: '1 Market Street\nLondon' });
    const first = await pay(ann, await contract('30.00'));
    expect(await invoiceOf(first.id)).toMatchObject({ billingName: 'Ann Analytics Ltd', billingAddress: '1 Market Street\nLondon' });
    expect(pdfText((await pdf(ann, `/api/payments/${first.id}/invoice`)).bytes)).toContain('Ann Analytics Ltd');
    await ann.gql(set, { input: { name: 'Ann Renamed GmbH', address: '' } });
    expect(await invoiceOf(first.id)).toMatchObject({ billingName: 'Ann Analytics Ltd', billingAddress: '1 Market Street\nLondon' });
    const second = await pay(ann, await contract('31.00'));
    expect(await invoiceOf(second.id)).toMatchObject({ billingName: 'Ann Renamed GmbH', billingAddress: null });
    const read = await ann.gql(`{ viewer { billingDetails { name address } } }`);
    expect(read.data.viewer.billingDetails).toEqual({ name: 'Ann Renamed GmbH', address: null });
    const tooLong = await ann.gql(set, { input: { name: 'x'.repeat(201) } });
    expect(tooLong.data.updateBillingDetails).toMatchObject({ __typename: 'ValidationError', message: 'The billing name is at most 200 characters' });
    const anon = await anonymous().gql(set, { input: { name: 'x' } });
    expect(anon.data.updateBillingDetails.__typename).toBe('AuthenticationError');
  });
});
