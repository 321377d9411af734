import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { isLongUploadPath } from './rest-guard.ts';

// The node:http server api/server.ts listens with, and how long a client may take to send what
// it sends (docs/decisions.md, "Hardening: hostile files, slow clients and deep JSON"). Node's own
// limits are server-wide: `headersTimeout` bounds the headers of every request (seconds), but
// `requestTimeout` would bound every body alike, and an upload of 500 MB on a slow line needs an
// hour where a JSON body of at most 1 MB needs seconds. So the bodies have deadlines of their own,
// per request:
// - a body other than an upload's (JSON for REST, GraphQL) must have arrived BODY_TIMEOUT_MS after
//   its headers;
// - an upload (POST /api/uploads) may take as long as it keeps making progress: it is cut when
//   no byte of it has arrived for UPLOAD_IDLE_TIMEOUT_MS; requestTimeout stays its hour in all.
// A request past its deadline is answered 408 and its connection closed, as Node answers its own
// timeouts: written to the socket, which is then destroyed. The handler, still waiting for the
// body, sees it cut short; whatever it answers then goes nowhere, and is logged as the client's
// leaving (api/app.ts), not as a fault.

/** The longest an upload may take, progress or not. */
const UPLOAD_MAX_MS = 60 * 60_000;
/**
 * An idle keep-alive connection stays open 65 s, not Node's 5 s: a client that reuses one just as
 * the server closes it gets a reset ("socket hang up"), and clients and proxies keep idle
 * connections for up to a minute. Shutdown closes idle connections itself (api/shutdown.ts).
 */
const KEEP_ALIVE_MS = 65_000;

export function createHttpServer(config: Pick<Config, 'timeouts'>, logger: Logger): Server {
  const { headersMs, bodyMs, uploadIdleMs } = config.timeouts;
  const server = createServer({
    requestTimeout: UPLOAD_MAX_MS,
    headersTimeout: headersMs,
    keepAliveTimeout: KEEP_ALIVE_MS,
    // How often Node looks for requests past headersTimeout (its default, 30 s, would let slow
    // headers hold a connection for half a minute more).
    connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(headersMs / 4))),
  });
  server.prependListener('request', (req, res) => {
    if (!hasBody(req)) return;
    if (isLongUploadPath(pathOf(req.url))) watchUpload(req, res, uploadIdleMs, logger);
    else watchBody(req, res, bodyMs, logger);
  });
  return server;
}

/** Requests a deadline cut: the handler's answer to them goes nowhere. */
const cut = new WeakSet<IncomingMessage>();

/**
 * Whether the client is gone before its request was read: it closed the connection mid-body, or a
 * deadline here cut it. A handler that fails then is not at fault (api/app.ts logs it as such).
 */
export function requestAbandoned(req: IncomingMessage | undefined): boolean {
  if (!req) return false;
  return cut.has(req) || (req.destroyed && !req.complete);
}

/** Whether a deadline here cut the request (answered 408), rather than the client leaving. */
export function cutByDeadline(req: IncomingMessage | undefined): boolean {
  return req !== undefined && cut.has(req);
}

// HTTP/1.1: a request has a body only when it says so.
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length.trim() !== '0') || req.headers['transfer-encoding'] !== undefined;
}

const pathOf = (url: string | undefined) => (url ?? '/').split('?', 1)[0];

/**
 * Whether the server, not the client, holds the body back: what arrived fills the request's buffer
 * because the handler has not read it yet (Node then stops reading the socket). Not the client's
 * delay, so it never counts against its deadline.
 */
const heldBack = (req: IncomingMessage) => req.readableLength >= req.readableHighWaterMark;

/**
 * Calls `stop` once the body is in (read to its end, or complete when its response closes) or the
 * connection is gone, and then lets go of the connection: a keep-alive connection carries many
 * requests, and a listener left on it per request would pile up.
 */
function whileReceiving(req: IncomingMessage, res: ServerResponse, stop: () => void): () => void {
  const socket = req.socket;
  const done = () => {
    stop();
    req.off('end', done);
    res.off('close', ifComplete);
    socket.off('close', done);
  };
  const ifComplete = () => {
    if (req.complete) done();
  };
  req.once('end', done);
  res.once('close', ifComplete);
  socket.once('close', done);
  return done;
}

/** The body must be complete `limitMs` after the headers (held-back time aside). */
function watchBody(req: IncomingMessage, res: ServerResponse, limitMs: number, logger: Logger) {
  const timer = setTimeout(() => {
    if (req.complete || req.socket.destroyed) return done();
    if (heldBack(req)) {
      timer.refresh();
      return;
    }
    done();
    expire(req, res, `The request body did not arrive within ${limitMs} ms`, 'request body too slow: answered 408 and closed the connection', logger);
  }, limitMs);
  timer.unref();
  const done = whileReceiving(req, res, () => clearTimeout(timer));
}

/** The upload is cut when no byte of it arrived for `idleMs`, looked at four times in that span. */
function watchUpload(req: IncomingMessage, res: ServerResponse, idleMs: number, logger: Logger) {
  const socket = req.socket;
  let bytes = socket.bytesRead;
  let lastProgress = performance.now();
  const timer = setInterval(() => {
    if (req.complete || socket.destroyed) return done();
    const now = performance.now();
    if (socket.bytesRead !== bytes || heldBack(req)) {
      bytes = socket.bytesRead;
      lastProgress = now;
    } else if (now - lastProgress >= idleMs) {
      done();
      expire(req, res, `The upload made no progress for ${idleMs} ms`, 'upload stalled: answered 408 and closed the connection', logger);
    }
  }, Math.max(25, Math.floor(idleMs / 4)));
  timer.unref();
  const done = whileReceiving(req, res, () => clearInterval(timer));
}

function expire(req: IncomingMessage, res: ServerResponse, message: string, logLine: string, logger: Logger) {
  cut.add(req);
  const socket = req.socket;
  logger.info({ method: req.method, path: pathOf(req.url), ip: socket.remoteAddress, bytesRead: socket.bytesRead }, logLine);
  // As Node answers its own timeouts: straight on the socket, unless this request's answer has
  // begun (or an earlier one on the connection is still being sent): then the connection just ends.
  if (socket.writable && res.socket === socket && !res.headersSent) {
    const body = JSON.stringify({ message });
    socket.write(`HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
  socket.destroy();
}
