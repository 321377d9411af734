import { Readable } from 'node:stream';
import busboy from 'busboy';
import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { contextFor, json, operation, respondWithResult, runOperation, type ClientIp, type MutationResult } from './execute.ts';
import { documentedAs } from './openapi/describe.ts';
import { jsonError } from './respond.ts';
import { DomainError } from '../domain/errors.ts';
import { storedAvatar, uploadAvatar } from '../domain/accounts/avatar.service.ts';
import { MAX_AVATAR_BYTES } from '../domain/accounts/avatar.rules.ts';

// The avatar's bytes (issue 25): upload (multipart, bounded while it streams), remove, and the
// public address every picture of an uploaded avatar points at. Byte streams call the domain
// directly; removing runs the same GraphQL mutation as the web app.

const doc = documentedAs('Accounts');

const ERROR_FIELDS = `__typename ... on Error { message code reason }`;
const REMOVE = operation<MutationResult<'removeAvatar', { profileImage: string | null }>>(`mutation RestRemoveAvatar {
  removeAvatar { ${ERROR_FIELDS} ... on MutationRemoveAvatarSuccess { data { profileImage } } } }`);

const AvatarAnswer = z.object({
  profileImage: z.string().describe('The new picture of the user: GET it (also the user’s `profileImage` everywhere).'),
  size: z.number().int().describe('Bytes of the stored picture.'),
  width: z.number().int(),
  height: z.number().int(),
  contentType: z.literal('image/webp'),
});

const NO_FILE = 'Send the image as multipart/form-data in a field named "file"';

/** The `file` part of a multipart body as a stream, or null when there is none. */
function filePart(parser: busboy.Busboy, body: Readable): Promise<Readable | null> {
  return new Promise((resolve, reject) => {
    let found = false;
    parser.on('file', (name, stream) => {
      if (name !== 'file' || found) return stream.resume();
      found = true;
      resolve(stream);
    });
    parser.on('error', (error: Error) => (found ? undefined : reject(error)));
    parser.on('close', () => (found ? undefined : resolve(null)));
    body.pipe(parser);
  });
}

export function avatarRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.post('/profile/avatar', doc({
    access: 'signed-in',
    tokenScopes: ['account:write'],
    summary: 'Upload a picture (PNG, JPEG or WebP, at most 5 MB): it becomes the avatar, cut to 256 x 256',
    description: 'The bytes decide, not the name: anything else, a damaged or cut file, or one over 6000 pixels a side is 400; over 5 MB is 413.',
    upload: { field: 'file', description: 'The image: PNG, JPEG or WebP, at most 5 MB and 6000 x 6000 pixels.' },
    answers: { 201: { description: 'The stored avatar', schema: AvatarAnswer } },
    errors: [413],
  }), async (c) => {
    const ctx = await contextFor(yoga, c, clientIp(c), 'account:write');
    if (!ctx.viewer) return jsonError(c, 'LOGIN_REQUIRED', 'Authentication required');
    if (Number(c.req.header('content-length') ?? 0) > MAX_AVATAR_BYTES + 64 * 1024) return jsonError(c, 'IMAGE_TOO_LARGE', `The image is too large: at most ${MAX_AVATAR_BYTES / 1024 / 1024} MB`);
    const type = c.req.header('content-type') ?? '';
    if (!type.startsWith('multipart/form-data') || !c.req.raw.body) return jsonError(c, 'INVALID_INPUT', NO_FILE);
    let parser: busboy.Busboy;
    try {
      // One more byte than allowed: the domain sees that the file is over the limit and says so.
      parser = busboy({ headers: { 'content-type': type }, limits: { files: 1, fileSize: MAX_AVATAR_BYTES + 1, fields: 5, parts: 10 } });
    } catch {
      return jsonError(c, 'INVALID_INPUT', 'Malformed multipart body');
    }
    const body = Readable.fromWeb(c.req.raw.body as never);
    // The client leaving mid-upload fails the parser (and so the file being read), not the server.
    body.on('error', (error) => parser.destroy(error));
    try {
      const file = await filePart(parser, body);
      if (!file) return jsonError(c, 'INVALID_INPUT', NO_FILE);
      const stored = await uploadAvatar({ db: ctx.db, storage: ctx.services.storage, events: ctx.services.events }, ctx.viewer, file);
      return json(c, stored, 201);
    } catch (error) {
      body.unpipe(parser);
      body.resume();
      if (error instanceof DomainError) return jsonError(c, error.reason, error.message);
      // Busboy's complaint about the body itself (cut short, no boundary): the client's mistake.
      return jsonError(c, 'INVALID_INPUT', `Malformed multipart body: ${(error as Error).message}`);
    }
  });

  r.delete('/profile/avatar', doc({
    access: 'signed-in',
    tokenScopes: ['account:write'],
    summary: 'Remove the picture (uploaded or an address): initials show instead',
    answers: { 200: z.object({ profileImage: z.null() }) },
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), REMOVE);
    return respondWithResult(c, result, 'removeAvatar', (data) => json(c, { profileImage: data.profileImage }));
  });

  r.get('/users/:userId/avatar', doc({
    access: 'public',
    summary: "A user's uploaded avatar (WebP, 256 x 256); ETag, and 304 to If-None-Match",
    answers: {
      200: { description: 'The picture', content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } },
      304: { description: 'The picture the client has is current' },
    },
    errors: [404],
  }), async (c) => {
    const ctx = await contextFor(yoga, c, clientIp(c), 'any');
    const avatar = await storedAvatar(ctx.db, c.req.param('userId'));
    if (!avatar) return jsonError(c, 'NOT_FOUND', 'No uploaded avatar');
    const etag = `"${avatar.version}"`;
    // Each upload has its own address (?v=), so a day of caching never shows an old picture there.
    const headers = new Headers({ etag, 'cache-control': 'public, max-age=86400' });
    if ((c.req.header('if-none-match') ?? '').split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}`)) return new Response(null, { status: 304, headers });
    let size: number;
    try {
      size = await ctx.services.storage.size(avatar.key);
    } catch {
      return jsonError(c, 'NOT_FOUND', 'No uploaded avatar');
    }
    headers.set('content-type', 'image/webp');
    headers.set('content-length', String(size));
    if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
    return new Response(Readable.toWeb(ctx.services.storage.read(avatar.key)) as ReadableStream, { status: 200, headers });
  });

  return r;
}
