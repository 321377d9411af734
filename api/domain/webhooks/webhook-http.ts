import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { DELIVERY_TIMEOUT_MS, isPublicAddress, RESPONSE_EXCERPT_BYTES } from './webhooks.rules.ts';

/** What one POST came to: an answer (status and the start of its body) or an error, and how long it took. */
export interface PostOutcome {
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

export interface PostOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS=1: loopback and private addresses may be called (tests, self-hosting). */
  allowPrivateNetworks: boolean;
  timeoutMs?: number;
  /** Resolves a host name (tests give their own); default the system resolver. */
  resolve?: (hostname: string) => Promise<Array<{ address: string; family: number }>>;
}

class Refused extends Error {}

const systemResolve = (hostname: string) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * POSTs a webhook without letting the endpoint reach inside our network or hold us: the host is
 * resolved here and every address it resolves to must be public (else nothing is sent), the
 * connection goes to the address checked (the socket's `lookup` answers it, so a second resolution
 * cannot rebind the name), redirects are not followed (a 3xx is a failure like any non-2xx), one
 * deadline covers connecting and answering, and at most RESPONSE_EXCERPT_BYTES of the answer are read.
 */
export async function postWebhook(opts: PostOptions): Promise<PostOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  let url: URL;
  try {
    url = new URL(opts.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refused('only http and https URLs are called');
  } catch (error) {
    return { statusCode: null, durationMs: took(), responseExcerpt: null, error: error instanceof Refused ? error.message : 'invalid URL' };
  }
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    let target: { address: string; family: number };
    if (net.isIP(hostname)) target = { address: hostname, family: net.isIP(hostname) };
    else {
      const addresses = await withDeadline((opts.resolve ?? systemResolve)(hostname), deadline, `timed out resolving ${hostname}`);
      if (!addresses.length) throw new Refused(`${hostname} does not resolve`);
      if (!opts.allowPrivateNetworks) {
        const inside = addresses.find((a) => !isPublicAddress(a.address));
        if (inside) throw new Refused(`refused: ${hostname} resolves to ${inside.address}, not a public address`);
      }
      target = addresses[0]!;
    }
    if (!opts.allowPrivateNetworks && !isPublicAddress(target.address)) throw new Refused(`refused: ${target.address} is not a public address`);
    return await send(url, hostname, target, opts, deadline, took);
  } catch (error) {
    return { statusCode: null, durationMs: took(), responseExcerpt: null, error: error instanceof Error ? error.message : String(error) };
  }
}

function withDeadline<T>(promise: Promise<T>, signal: AbortSignal, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error(message));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function send(url: URL, hostname: string, target: { address: string; family: number }, opts: PostOptions, deadline: AbortSignal, took: () => number): Promise<PostOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      req.destroy();
      resolve({ ...outcome, durationMs: took() });
    };
    const body = Buffer.from(opts.body, 'utf8');
    const request = url.protocol === 'https:' ? https.request : http.request;
    const req = request({
      method: 'POST',
      host: hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      // The connection goes to the address checked, whatever the name resolves to now.
      lookup: ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) =>
        options?.all ? cb(null, [target]) : cb(null, target.address, target.family)) as never,
      servername: net.isIP(hostname) ? undefined : hostname,
      headers: { ...opts.headers, 'content-length': String(body.length) },
      agent: false,
      signal: deadline,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => finish({ statusCode: res.statusCode ?? null, responseExcerpt: excerpt(Buffer.concat(chunks)), error: null });
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // Enough read: the rest of the answer is not ours to hold.
        if (size >= RESPONSE_EXCERPT_BYTES) done();
      });
      res.on('end', done);
      res.on('error', done);
    });
    req.on('error', (error) =>
      finish({ statusCode: null, responseExcerpt: null, error: deadline.aborted ? `timed out after ${opts.timeoutMs ?? DELIVERY_TIMEOUT_MS} ms` : error.message }),
    );
    req.end(body);
  });
}

/** The first RESPONSE_EXCERPT_BYTES of an answer as text (a cut character dropped), or null when empty. */
function excerpt(buffer: Buffer): string | null {
  if (!buffer.length) return null;
  const text = buffer.subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8').replace(/\uFFFD+$/, '');
  return text.replace(/\u0000/g, '');
}
