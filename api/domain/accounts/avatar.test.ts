import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeUser } from '../../test/market-fixtures.ts';
import { uploadsRoot } from '../../storage/storage.ts';

// Uploaded avatars (issue 25; docs/decisions.md "Issue 25: account settings"): checked on their
// bytes, cut to a 256 px WebP square, served at a public address; hostile files answer 4xx.

const picture = (format: 'png' | 'jpeg' | 'webp', width = 400, height = 300, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 40, b: 40 } } })
    .toFormat(format)
    .toBuffer();

/** A real PNG whose header claims `width` x `height` (a decompression bomb's calling card). */
async function claimingPng(width: number, height: number) {
  const png = await picture('png', 8, 8);
  const ihdr = Buffer.from(png.subarray(12, 29)); // "IHDR" + 13 bytes of data
  ihdr.writeUInt32BE(width, 4);
  ihdr.writeUInt32BE(height, 8);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(ihdr));
  return Buffer.concat([png.subarray(0, 12), ihdr, crc, png.subarray(33)]);
}

function multipart(content: Buffer, fileName = 'me.png', field = 'file') {
  const boundary = `----pit${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

describe.each(testDatabases())('avatar upload on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(async () => app?.close());

  const upload = async (client: Client, content: Buffer, fileName?: string, field?: string) => {
    const { body, type } = multipart(content, fileName, field);
    const res = await client.request('/api/profile/avatar', { method: 'POST', headers: { 'content-type': type }, body });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const stored = (key: string) => fs.existsSync(path.join(uploadsRoot(app.config.dataDir), key));
  const keyOf = (profileImage: string) => {
    const url = new URL(profileImage, 'http://x');
    return `avatars/${url.pathname.split('/')[3]}/${url.searchParams.get('v')}.webp`;
  };

  it('anonymous callers get 401 uploading and removing', async () => {
    const anon = new Client(app);
    expect((await upload(anon, await picture('png'))).status).toBe(401);
    expect((await anon.json('DELETE', '/api/profile/avatar')).status).toBe(401);
    const gql = await anon.gql('mutation { removeAvatar { __typename } }');
    expect(gql.data.removeAvatar.__typename).toBe('AuthenticationError');
  });

  it.each(['png', 'jpeg', 'webp'] as const)('a %s becomes a 256 px WebP square at a public address, the user’s picture everywhere', async (format) => {
    const user = await signUp(app, { email: `pic-${format}@example.com`, username: `pic-${format}` });
    const res = await upload(user, await picture(format), 'photo.bin');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 256, height: 256, contentType: 'image/webp' });
    const me = (await user.json('GET', '/api/auth/user')).body;
    expect(res.body.profileImage).toMatch(new RegExp(`^/api/users/${me.id}/avatar\\?v=[a-f0-9]{16}$`));
    expect(me.profileImage).toBe(res.body.profileImage);
    const gql = await user.gql('{ viewer { profileImage avatarUrl } }');
    expect(gql.data.viewer).toEqual({ profileImage: res.body.profileImage, avatarUrl: res.body.profileImage });

    // Anyone fetches it, with an ETag to revalidate.
    const got = await app.fetch(res.body.profileImage);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    const etag = got.headers.get('etag')!;
    expect((await app.fetch(res.body.profileImage, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('a new upload replaces the old file; removing clears the picture and the file; another user cannot remove mine', async () => {
    const user = await signUp(app, { email: 'swap@example.com', username: 'swapper' });
    const first = (await upload(user, await picture('png'))).body.profileImage as string;
    const second = (await upload(user, await picture('jpeg', 300, 500, 20))).body.profileImage as string;
    expect(second).not.toBe(first);
    expect(stored(keyOf(first))).toBe(false);
    expect(stored(keyOf(second))).toBe(true);
    expect((await app.fetch(first)).status).toBe(200); // the address is the user's: it serves the current picture

    const other = await signUp(app, { email: 'meddler@example.com', username: 'meddler' });
    expect((await other.json('DELETE', '/api/profile/avatar')).status).toBe(200);
    expect((await user.json('GET', '/api/auth/user')).body.profileImage).toBe(second);

    const removed = await user.json('DELETE', '/api/profile/avatar');
    expect(removed).toMatchObject({ status: 200, body: { profileImage: null } });
    expect(stored(keyOf(second))).toBe(false);
    expect((await app.fetch(second)).status).toBe(404);
  });

  it('saving the profile keeps an uploaded avatar; giving an address replaces it', async () => {
    const user = await signUp(app, { email: 'keep@example.com', username: 'keeper' });
    const mine = (await upload(user, await picture('webp'))).body.profileImage as string;
    const save = (profileImage: string | undefined) =>
      user.gql(`mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { __typename ... on MutationUpdateProfileSuccess { data { profileImage avatarUrl } } } }`, { input: { name: 'Keeper', profileImage } });
    expect((await save(mine)).data.updateProfile.data).toEqual({ profileImage: mine, avatarUrl: mine });
    expect((await save(undefined)).data.updateProfile.data.profileImage).toBe(mine);
    const other = `/api/users/${crypto.randomUUID()}/avatar?v=0123456789abcdef`;
    expect((await save(other)).data.updateProfile.__typename).toBe('ValidationError');
    expect((await save('https://img.example.com/me.png')).data.updateProfile.data).toEqual({ profileImage: 'https://img.example.com/me.png', avatarUrl: null });
    expect(stored(keyOf(mine))).toBe(false);
  });

  it('an administrator uploads their own like anyone; GET of someone without one, or a bad id, is 404', async () => {
    await makeUser(app.database.prisma, 'boss-a', { isAdmin: true });
    const admin = await logIn(app, 'boss-a');
    expect((await upload(admin, await picture('png'))).status).toBe(201);
    const plain = await makeUser(app.database.prisma, 'plain-a');
    expect((await app.fetch(`/api/users/${plain.id}/avatar`)).status).toBe(404);
    expect((await app.fetch('/api/users/not-an-id/avatar')).status).toBe(404);
  });

  describe('hostile files answer 4xx with a message, never 5xx', () => {
    let user: Client;
    beforeAll(async () => {
      user = await signUp(app, { email: 'hostile@example.com', username: 'hostile' });
    });
    const refused = async (content: Buffer, status: number, code: string, fileName = 'me.png') => {
      const res = await upload(user, content, fileName);
      expect(res.status).toBe(status);
      expect(res.body.code).toBe(code);
      expect(res.body.message).toBeTruthy();
    };

    it('not an image, whatever its name: text, SVG, GIF, empty', async () => {
      await refused(Buffer.from('hello, I am a picture'), 400, 'NOT_AN_IMAGE');
      await refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 400, 'NOT_AN_IMAGE', 'x.svg');
      await refused(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 400, 'NOT_AN_IMAGE', 'x.gif');
      await refused(Buffer.alloc(0), 400, 'NOT_AN_IMAGE');
    });

    it('a PNG signature followed by garbage, and truncated PNG and JPEG files', async () => {
      await refused(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(2000)]), 400, 'NOT_AN_IMAGE');
      const png = await sharp(crypto.randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } }).png().toBuffer();
      await refused(png.subarray(0, Math.floor(png.length / 2)), 400, 'NOT_AN_IMAGE');
      const jpeg = await sharp(crypto.randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } }).jpeg().toBuffer();
      await refused(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 400, 'NOT_AN_IMAGE', 'cut.jpg');
    });

    it('huge dimensions in a small file (a decompression bomb) are refused before decoding', async () => {
      await refused(await claimingPng(50_000, 50_000), 400, 'IMAGE_DIMENSIONS');
      await refused(await claimingPng(7000, 10), 400, 'IMAGE_DIMENSIONS');
    });

    it('more than 5 MB is 413, by the declared length or while streaming', async () => {
      const big = Buffer.concat([await picture('png'), crypto.randomBytes(5 * 1024 * 1024)]);
      await refused(big, 413, 'IMAGE_TOO_LARGE');
      // No Content-Length: the bound holds while the body streams.
      const { body, type } = multipart(big);
      const stream = new ReadableStream({
        start(controller) {
          for (let i = 0; i < body.length; i += 256 * 1024) controller.enqueue(body.subarray(i, i + 256 * 1024));
          controller.close();
        },
      });
      const res = await user.request('/api/profile/avatar', { method: 'POST', headers: { 'content-type': type }, body: stream, duplex: 'half' } as RequestInit);
      expect(res.status).toBe(413);
    });

    it('no file part, a JSON body, and a multipart body cut short', async () => {
      const noFile = await upload(user, await picture('png'), 'me.png', 'picture');
      expect(noFile.status).toBe(400);
      expect((await user.json('POST', '/api/profile/avatar', { file: 'x' })).status).toBe(400);
      const { body, type } = multipart(await picture('png'));
      const cut = await user.request('/api/profile/avatar', { method: 'POST', headers: { 'content-type': type }, body: body.subarray(0, body.length - 30) });
      expect(cut.status).toBe(400);
      const noBoundary = await user.request('/api/profile/avatar', { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'x' });
      expect(noBoundary.status).toBe(400);
    });
  });
});
