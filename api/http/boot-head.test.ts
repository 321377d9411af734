import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicListing } from '../domain/market/seo.ts';
import { BOOT_HEAD_MARK, bootHeadFor, bootPageServer, withBootHead } from './boot-head.ts';
import { listingFixture } from '../domain/market/seo.testbed.ts';

// The boot frame names the page before the scripts run (docs/decisions.md "The first paint names
// the page"); e2e/first-paint.spec.ts checks the words against the screens themselves.

const TEMPLATE = `<!doctype html><html><head>\n<meta name="description" content="DATA PIT" />\n<title>DATA PIT</title></head><div id="root"><div class="boot-bar"></div><div class="boot-body">${BOOT_HEAD_MARK}</div></div>`;

describe('boot heads', () => {
  it('names the floor and the marketplace, and nothing else', () => {
    expect(bootHeadFor('/')?.title).toBe('THE PIT · DATA TRADING FLOOR');
    expect(bootHeadFor('/browse')?.title).toBe('MARKETPLACE');
    expect(bootHeadFor('/browse/')?.title).toBe('MARKETPLACE');
    // a contract's page has its title from the database (bootPageServer), not a fixed one
    expect(bootHeadFor('/contract/abc')).toBeNull();
    expect(bootHeadFor('/admin-login')).toBeNull();
    expect(bootHeadFor('/constructor')).toBeNull();
  });

  it('puts the head where index.html marks it, escaped', () => {
    const html = withBootHead(TEMPLATE, '/x"<', { eyebrow: 'A & B', title: '<script>alert(1)</script>', subtitle: "it's" });
    expect(html).not.toContain(BOOT_HEAD_MARK);
    expect(html).toContain('data-boot-path="/x&#34;&#60;"');
    expect(html).toContain('<p class="boot-eyebrow">A &#38; B</p>');
    expect(html).toContain('<h1 class="boot-title">&#60;script&#62;alert(1)&#60;/script&#62;</h1>');
    expect(html).toContain('<p class="boot-sub">it&#39;s</p>');
    expect(html).not.toContain('<script>');
  });
});

describe('bootPageServer', () => {
  let dir: string;
  let app: Hono;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boot-head-'));
    fs.writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
    const listings: Record<string, PublicListing> = { 'c-1': listingFixture({ id: 'c-1', title: 'Weather <Hourly> & more' }) };
    const serve = bootPageServer(dir, { contract: async (id) => listings[id] ?? null });
    app = new Hono();
    app.get('/*', async (c) => (await serve(c)) ?? c.text('static', 200));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('serves the floor with its heading, revalidated on each load', async () => {
    const res = await app.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<h1 class="boot-title">THE PIT · DATA TRADING FLOOR</h1>');
    expect(html).toContain('data-boot-path="/"');
  });

  it('compresses it for a client that accepts gzip', async () => {
    const res = await app.request('/browse', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const html = zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(html).toContain('<h1 class="boot-title">MARKETPLACE</h1>');
    expect(html).toContain('data-boot-path="/browse"');
  });

  it("serves a contract's page with its title when the public may see it", async () => {
    const html = await (await app.request('/contract/c-1')).text();
    expect(html).toContain('<h1 class="boot-title">Weather &#60;Hourly&#62; &#38; more</h1>');
    expect(html).toContain('data-boot-path="/contract/c-1"');
    expect(html).not.toContain('boot-eyebrow');
    // unknown or not public (the source answers null): the plain frame, not indexed
    const unknown = await (await app.request('/contract/c-2')).text();
    expect(unknown).not.toContain('class="boot-head"');
    expect(unknown).toContain('<meta name="robots" content="noindex" />');
    // ids that are no path segment
    expect(await (await app.request('/contract/%E0%A4%A')).text()).toBe('static');
    expect(await (await app.request('/contract/c-1/more')).text()).toBe('static');
  });

  it('leaves every other page to the static file', async () => {
    expect(await (await app.request('/contract')).text()).toBe('static');
    expect(await (await app.request('/dashboard')).text()).toBe('static');
  });

  it('leaves the floor to the static file when index.html has no mark (or is missing)', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'boot-head-bare-'));
    fs.writeFileSync(path.join(bare, 'index.html'), '<!doctype html><div id="root"></div>');
    for (const staticDir of [bare, path.join(bare, 'nowhere')]) {
      const serve = bootPageServer(staticDir, { contract: async () => listingFixture({ title: 'never asked' }) });
      const fallback = new Hono();
      fallback.get('/*', async (c) => (await serve(c)) ?? c.text('static'));
      expect(await (await fallback.request('/')).text()).toBe('static');
    }
    fs.rmSync(bare, { recursive: true, force: true });
  });
});
