import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import type { Client } from '../../test/harness.ts';
import { uploadsRoot } from '../../storage/storage.ts';
import { sweepOrphanFiles } from '../../storage/sweep.ts';
import { EVIDENCE_WINDOW_MS, MAX_EVIDENCE_FILE_BYTES } from './dispute-evidence.rules.ts';
import { paymentsTestbed } from './payments.testbed.ts';

// A dispute's evidence (docs/decisions.md "Issue 26: dispute evidence"): the buyer and the provider
// add statements and files while the dispute is open and within its window; files are checked on
// their bytes, bounded in size and count, and a refused submission keeps nothing; only the
// payment's buyer, seller and administrators read them; the other side is told.

type Part = { name: string; value: string } | { name: string; fileName: string; content: Buffer; type?: string };

function multipart(parts: Part[]) {
  const boundary = `----pit${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(part.content, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
const file = (fileName: string, content: Buffer) => ({ name: 'files', fileName, content });

describe.each(testDatabases())('dispute evidence on %s', (kind) => {
  const { app, users, db, login, anonymous, post, contract, pay } = paymentsTestbed(kind);

  const submit = async (client: Client, paymentId: string, parts: Part[]) => {
    const { body, type } = multipart(parts);
    const res = await client.request(`/api/payments/${paymentId}/dispute/evidence`, { method: 'POST', headers: { 'content-type': type }, body });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const evidenceFiles = () => {
    const dir = path.join(uploadsRoot(app().config.dataDir), 'evidence');
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')) : [];
  };
  /** A fresh disputed payment of ann's. */
  const disputed = async () => {
    const ann = await login('ann');
    const paid = await pay(ann, await contract('40.00'));
    expect((await post(ann, `/api/payments/${paid.id}/dispute`, { reason: 'data_quality', description: 'Rows are broken' })).status).toBe(201);
    const dispute = await db().dispute.findUniqueOrThrow({ where: { paymentId: paid.id } });
    return { ann, paymentId: paid.id as string, disputeId: dispute.id };
  };

  it('the buyer adds files, the provider answers with a statement and a file; each side is told of the other’s', async () => {
    const { ann, paymentId, disputeId } = await disputed();
    const shot = await png();
    const byBuyer = await submit(ann, paymentId, [{ name: 'statement', value: 'See the screenshot' }, file('screen.png', shot), file('rows.csv', Buffer.from('id,value\n1,"a, b"\n'))]);
    expect(byBuyer.status).toBe(201);
    expect(byBuyer.body).toMatchObject({ role: 'buyer', statement: 'See the screenshot', disputeId });
    expect(byBuyer.body.files.map((f: any) => [f.fileName, f.contentType, f.size])).toEqual([
      ['screen.png', 'image/png', shot.length],
      ['rows.csv', 'text/csv; charset=utf-8', 18],
    ]);
    expect(byBuyer.body.files[0].sha256).toBe(crypto.createHash('sha256').update(shot).digest('hex'));

    const prov = await login('prov');
    const byProvider = await submit(prov, paymentId, [{ name: 'statement', value: 'The rows match the listing' }, file('proof.pdf', PDF)]);
    expect(byProvider.status).toBe(201);
    expect(byProvider.body).toMatchObject({ role: 'provider', statement: 'The rows match the listing', files: [{ fileName: 'proof.pdf', contentType: 'application/pdf' }] });

    // Told: the provider of the buyer's evidence, the buyer of the provider's answer.
    await app().jobs.runDue(new Date(Date.now() + 1000));
    const told = await db().notification.findMany({ where: { type: 'dispute.evidence' }, select: { userId: true, title: true, body: true } });
    expect(told.filter((n) => n.userId === users.prov!.id).map((n) => n.body)).toContainEqual(expect.stringContaining('a statement and 2 files'));
    expect(told.filter((n) => n.userId === users.ann!.id).map((n) => n.title)).toContain('The provider answered your dispute');

    // GraphQL: both sides' evidence for the buyer, the seller and administrators; the conversation for administrators only.
    const q = `query($id: ID!) { payment(id: $id) { dispute { viewerEvidenceRole viewerMayAddEvidence evidenceClosesAt
      evidence { role statement author { username } files { fileName size url } } conversation { content fromBuyer } } } }`;
    const asBuyer = (await ann.gql(q, { id: paymentId })).data.payment.dispute;
    expect(asBuyer).toMatchObject({ viewerEvidenceRole: 'buyer', viewerMayAddEvidence: true, conversation: null });
    expect(asBuyer.evidence.map((e: any) => [e.role, e.files.length])).toEqual([['buyer', 2], ['provider', 1]]);
    const asAdmin = (await (await login('boss')).gql(q, { id: paymentId })).data.payment.dispute;
    expect(asAdmin).toMatchObject({ viewerEvidenceRole: null, viewerMayAddEvidence: false, conversation: [] });
    expect(asAdmin.evidence).toHaveLength(2);
    expect((await (await login('bob')).gql(q, { id: paymentId })).data.payment).toBeNull();

    // Downloads: the parties and administrators; anyone else 404, anonymous 401.
    const url: string = asBuyer.evidence[0].files[0].url;
    for (const who of [ann, prov, await login('boss')]) {
      const res = await who.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="screen.png"/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await res.arrayBuffer()).equals(shot)).toBe(true);
    }
    expect((await (await login('bob')).request(url)).status).toBe(404);
    expect((await anonymous().request(url)).status).toBe(401);
    // The file named under another payment or evidence is not found.
    const other = await disputed();
    expect((await ann.request(url.replace(paymentId, other.paymentId))).status).toBe(404);
  });

  it('per role: anonymous 401, another user 404, an administrator 403; nothing stored', async () => {
    const { paymentId } = await disputed();
    const before = evidenceFiles().length;
    const parts = [file('a.pdf', PDF)];
    expect((await submit(anonymous(), paymentId, parts)).status).toBe(401);
    expect((await submit(await login('bob'), paymentId, parts)).status).toBe(404);
    expect(await submit(await login('boss'), paymentId, parts)).toMatchObject({ status: 403, body: { code: 'NOT_ALLOWED' } });
    expect((await submit(await login('ann'), crypto.randomUUID(), parts)).status).toBe(404);
    expect((await submit(await login('ann'), 'not-an-id', parts)).status).toBe(404);
    expect(evidenceFiles().length).toBe(before);
    expect(await db().disputeEvidence.count({ where: { dispute: { paymentId } } })).toBe(0);
  });

  it('hostile input: a wrong type, a disguised file, an empty one, too big, too many, nothing at all: 4xx and nothing stored', async () => {
    const { ann, paymentId } = await disputed();
    const before = evidenceFiles().length;
    const cases: Array<[Part[], number, string]> = [
      [[file('run.exe', Buffer.from('MZ....'))], 400, 'EVIDENCE_FILE_TYPE'],
      [[file('page.html', Buffer.from('<script>alert(1)</script>'))], 400, 'EVIDENCE_FILE_TYPE'],
      // a PDF first, then an HTML page named .png: the whole submission is refused, the PDF not kept
      [[file('ok.pdf', PDF), file('shot.png', Buffer.from('<html><script>alert(1)</script></html>'))], 400, 'EVIDENCE_FILE_TYPE'],
      [[file('fake.pdf', await png())], 400, 'EVIDENCE_FILE_TYPE'],
      [[file('binary.txt', Buffer.from([0x00, 0x01, 0x02, 0xff]))], 400, 'EVIDENCE_FILE_TYPE'],
      [[file('empty.txt', Buffer.alloc(0))], 400, 'EVIDENCE_FILE_TYPE'],
      [[file('big.txt', Buffer.alloc(MAX_EVIDENCE_FILE_BYTES + 10, 'a'))], 413, 'TOO_LARGE'],
      [Array.from({ length: 6 }, (_, i) => file(`n${i}.txt`, Buffer.from(`note ${i}`))), 400, 'TOO_MANY_FILES'],
      [[{ name: 'statement', value: 'x'.repeat(5001) }], 400, 'INVALID_INPUT'],
      [[{ name: 'statement', value: '   ' }], 400, 'INVALID_INPUT'],
      [[], 400, 'INVALID_INPUT'],
    ];
    for (const [parts, status, code] of cases) {
      const res = await submit(ann, paymentId, parts);
      expect([res.status, res.body?.code], JSON.stringify(parts.map((p) => ('fileName' in p ? p.fileName : p.name)))).toEqual([status, code]);
      expect(res.body.message).toEqual(expect.any(String));
    }
    // Not multipart at all, or a cut body.
    expect((await ann.json('POST', `/api/payments/${paymentId}/dispute/evidence`, { statement: 'json' })).status).toBe(400);
    const { body, type } = multipart([file('cut.pdf', PDF)]);
    const cut = await ann.request(`/api/payments/${paymentId}/dispute/evidence`, { method: 'POST', headers: { 'content-type': type }, body: body.subarray(0, body.length - 20) });
    expect(cut.status).toBe(400);
    expect(evidenceFiles().length).toBe(before);
    expect(await db().disputeEvidence.count({ where: { dispute: { paymentId } } })).toBe(0);
  });

  it('only while the dispute is open and within its window: 409 after, and no dispute at all is 409', async () => {
    const { ann, paymentId, disputeId } = await disputed();
    await db().dispute.update({ where: { id: disputeId }, data: { createdAt: new Date(Date.now() - EVIDENCE_WINDOW_MS - 1000) } });
    expect(await submit(ann, paymentId, [{ name: 'statement', value: 'late' }])).toMatchObject({ status: 409, body: { code: 'EVIDENCE_WINDOW_CLOSED' } });
    expect((await ann.gql(`query($id: ID!) { payment(id: $id) { dispute { viewerMayAddEvidence } } }`, { id: paymentId })).data.payment.dispute.viewerMayAddEvidence).toBe(false);

    const settled = await disputed();
    expect((await post(await login('boss'), `/api/payments/${settled.paymentId}/settle`, { decision: 'release' })).status).toBe(200);
    expect(await submit(await login('prov'), settled.paymentId, [{ name: 'statement', value: 'after' }])).toMatchObject({ status: 409, body: { code: 'INVALID_TRANSITION' } });

    const undisputed = await pay(ann, await contract('12.00'));
    expect(await submit(ann, undisputed.id, [{ name: 'statement', value: 'no dispute' }])).toMatchObject({ status: 409, body: { code: 'INVALID_TRANSITION' } });
  });

  it('the administrator reads the conversation between the buyer and the provider about the listing', async () => {
    const { ann, paymentId } = await disputed();
    const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
    const opened = await ann.gql(`mutation($input: OpenConversationInput!) { openConversation(input: $input) { ... on MutationOpenConversationSuccess { data { conversationId } } } }`, {
      input: { contractId: payment.contractId },
    });
    const conversationId = opened.data.openConversation.data.conversationId;
    expect((await post(ann, '/api/messages', { conversationId, content: 'The file has no header row' })).status).toBe(201);
    expect((await post(await login('prov'), '/api/messages', { conversationId, content: 'It does: line 1' })).status).toBe(201);
    // Another conversation of theirs, about nothing: not this dispute's.
    expect((await post(await login('bob'), '/api/messages', { recipientId: users.prov!.id, content: 'Unrelated' })).status).toBe(201);
    const q = `query($id: ID!) { payment(id: $id) { dispute { conversation { content fromBuyer senderName } } } }`;
    const seen = (await (await login('boss')).gql(q, { id: paymentId })).data.payment.dispute.conversation;
    expect(seen.map((m: any) => [m.content, m.fromBuyer])).toEqual([
      ['The file has no header row', true],
      ['It does: line 1', false],
    ]);
    expect((await ann.gql(q, { id: paymentId })).data.payment.dispute.conversation).toBeNull();
  });

  it('the start-up sweep removes an evidence file whose submission was never written, and keeps the others', async () => {
    const { ann, paymentId, disputeId } = await disputed();
    const kept = await submit(ann, paymentId, [file('kept.pdf', PDF)]);
    expect(kept.status).toBe(201);
    const root = uploadsRoot(app().config.dataDir);
    const orphan = `evidence/${disputeId}/${crypto.randomUUID()}.pdf`;
    fs.writeFileSync(path.join(root, orphan), PDF);
    const swept = await sweepOrphanFiles({ root, db: db(), minAgeMs: 0, now: Date.now() + 1000 });
    expect(swept.removed).toContain(orphan);
    const keptKey = (await db().disputeEvidenceFile.findFirstOrThrow({ where: { evidenceId: kept.body.id } })).storageKey;
    expect(swept.removed).not.toContain(keptKey);
    expect(fs.existsSync(path.join(root, keptKey))).toBe(true);
  });
});
