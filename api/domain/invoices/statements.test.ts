import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { pdfText } from '../../test/pdf-text.ts';
import type { Client } from '../../test/harness.ts';
import { paymentsTestbed } from '../payments/payments.testbed.ts';
import { scheduleStatementNotices, STATEMENT_SWEEP_JOB } from './invoices.jobs.ts';
import { monthKey } from './invoices.rules.ts';

// A provider's monthly statement, per role, and the monthly note that it is ready (docs/decisions.md,
// "Issue 25: receipts and invoices").

describe.each(testDatabases())('statements on %s', (kind) => {
  const { app, users, db, login, anonymous, contract, pay } = paymentsTestbed(kind);
  const get = async (client: Client, path: string) => {
    const res = await client.request(path);
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, bytes, body: res.headers.get('content-type')?.includes('json') ? JSON.parse(bytes.toString()) : null };
  };
  const month = monthKey(new Date());

  it('the provider downloads the month’s statement: sales with invoice numbers, commission, payouts; administrators any provider’s', async () => {
    const ann = await login('ann');
    const paid = await pay(ann, await contract('120.00', 'Statement Stream'));
    const invoice = await db().invoice.findUniqueOrThrow({ where: { paymentId_kind: { paymentId: paid.id, kind: 'invoice' } } });
    const prov = await login('prov');
    const own = await get(prov, `/api/provider/statements/${month}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toContain(`filename="DATA-PIT-statement-${month}.pdf"`);
    expect(own.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(own.bytes);
    for (const part of [month, invoice.number, 'Statement Stream', '$120.00', '$12.00', '$108.00', 'prov']) expect(text).toContain(part);
    const boss = await login('boss');
    const asAdmin = await get(boss, `/api/provider/statements/${month}?providerId=${users.prov!.id}`);
    expect(asAdmin.status).toBe(200);
    expect(pdfText(asAdmin.bytes)).toContain(invoice.number);
    // The list of months for the statements page.
    const months = await prov.gql(`{ viewer { statementMonths { month salesCount gross commission payouts url } } }`);
    expect(months.data.viewer.statementMonths[0]).toMatchObject({ month, url: `/api/provider/statements/${month}` });
    expect(months.data.viewer.statementMonths[0].salesCount).toBeGreaterThanOrEqual(1);
  });

  it('refusals: anonymous 401, a buyer 403, another provider’s 403 unless administrator, an unknown provider 404, a bad month 400', async () => {
    expect((await get(anonymous(), `/api/provider/statements/${month}`)).status).toBe(401);
    const ann = await get(await login('ann'), `/api/provider/statements/${month}`);
    expect(ann).toMatchObject({ status: 403, body: { code: 'NOT_ALLOWED' } });
    const prov = await login('prov');
    expect((await get(prov, `/api/provider/statements/${month}?providerId=${users.bob!.id}`)).body).toMatchObject({ code: 'ADMIN_REQUIRED' });
    for (const bad of ['2026-13', '2026-1', 'last-month', '202611']) {
      const res = await get(prov, `/api/provider/statements/${bad}`);
      expect(res).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', message: 'The month is written YYYY-MM, e.g. 2026-03' } });
    }
    const boss = await login('boss');
    expect((await get(boss, `/api/provider/statements/${month}?providerId=0196c4a0-0000-7000-8000-000000000009`)).status).toBe(404);
    expect((await get(boss, `/api/provider/statements/${month}?providerId=nope`)).status).toBe(404);
    // A month without sales is an empty statement, not an error.
    expect((await get(prov, '/api/provider/statements/2001-01')).status).toBe(200);
  });

  it('the monthly job tells each provider with sales last month that the statement is ready, once', async () => {
    await pay(await login('ann'), await contract('55.00'));
    const now = new Date();
    const firstOfNext = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 6));
    // Mid-month the sweep does nothing (a new install does not mail old statements).
    expect(await db().$transaction((tx) => scheduleStatementNotices(app().jobs, tx, new Date(Date.UTC(2030, 4, 15))))).toBe(0);
    await app().jobs.schedule(db(), { kind: STATEMENT_SWEEP_JOB, key: `${STATEMENT_SWEEP_JOB}@test`, runAt: firstOfNext });
    const before = app().mailer.sent.length;
    await app().jobs.runDue(firstOfNext);
    await app().jobs.runDue(new Date(firstOfNext.getTime() + 1000));
    const notes = app().mailer.sent.slice(before).filter((m) => m.subject === `Your DATA PIT statement for ${month} is ready`);
    expect(notes.map((m) => m.to)).toEqual(['prov@example.com']);
    expect(notes[0]!.text).toContain(`/api/provider/statements/${month}`);
    // A second sweep the next day finds the notice already scheduled.
    await app().jobs.schedule(db(), { kind: STATEMENT_SWEEP_JOB, key: `${STATEMENT_SWEEP_JOB}@test2`, runAt: firstOfNext });
    await app().jobs.runDue(new Date(firstOfNext.getTime() + 86_400_000));
    expect(app().mailer.sent.filter((m) => m.subject === notes[0]!.subject)).toHaveLength(1);
  });
});
