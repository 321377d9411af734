import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

export interface HttpDrain {
  /**
   * Stops accepting connections, closes idle keep-alive connections at once, lets the requests in
   * flight finish (their responses, and any new request on a connection still open, carry
   * `Connection: close`), and after `timeoutMs` closes whatever is still open. Event streams
   * (GraphQL subscriptions over SSE) never finish on their own: they are not waited for, and are
   * closed with the rest. Resolves with the number of requests it had to cut.
   */
  drain(timeoutMs: number): Promise<{ cut: number; streams: number }>;
  /**
   * The request handler, counted until its promise settles: a client that leaves mid-request closes
   * its response at once, while the handler still runs (a query, a transaction). The drain waits
   * for those too, so the database is not closed under them.
   */
  handle(listener: (req: IncomingMessage, res: ServerResponse) => unknown): RequestListener;
  /** Requests in flight now: responses not yet closed, and handlers not yet done (event streams not counted). */
  readonly inFlight: number;
}

/**
 * Graceful shutdown for a node:http server. Node's own server.close() stops accepting and closes
 * idle connections (Node 19+), but it neither waits for nor tells keep-alive clients anything,
 * and closeAllConnections() cuts transfers; this adds the tracking in between. Register it before
 * the request handler, so it sees each request first.
 *
 * Why not a library: http-terminator and stoppable do the same bookkeeping but predate
 * closeIdleConnections() and have not had a feature release in years (docs/decisions.md, "Hardening: start, stop and readiness").
 */
export function drainOnShutdown(server: Server): HttpDrain {
  const responses = new Set<ServerResponse>();
  const streams = new Set<ServerResponse>();
  /** Handlers whose client has gone (their response is closed) but whose work goes on. */
  let orphans = 0;
  let draining = false;
  let settle: (() => void) | undefined;
  const idle = () => responses.size === 0 && orphans === 0;
  // Yoga answers a subscription as an event stream when the client accepts one.
  const isStream = (req: IncomingMessage) => /text\/event-stream/i.test(req.headers.accept ?? '');

  server.prependListener('request', (req, res) => {
    const tracked = isStream(req) ? streams : responses;
    tracked.add(res);
    if (draining) closeAfter(res);
    res.once('close', () => {
      tracked.delete(res);
      if (!draining) return;
      // A keep-alive connection whose response started before the drain stays open after it:
      // close it now that it is idle (Node's own list knows which are mid-request). On the next
      // turn, so a handler's own close listener (registered after this one) has counted it first.
      setImmediate(() => {
        server.closeIdleConnections();
        if (idle()) settle?.();
      });
    });
  });

  return {
    get inFlight() {
      return responses.size + orphans;
    },
    handle(listener) {
      return (req, res) => {
        const work = listener(req, res);
        if (isStream(req) || typeof (work as PromiseLike<unknown> | undefined)?.then !== 'function') return;
        // An orphan only once its response is closed, so a request is never counted twice.
        let closed = false;
        let done = false;
        res.once('close', () => {
          closed = true;
          if (!done) orphans++;
        });
        const finished = () => {
          done = true;
          if (!closed) return;
          orphans--;
          if (draining && idle()) settle?.();
        };
        Promise.resolve(work).then(finished, finished);
      };
    },
    async drain(timeoutMs) {
      draining = true;
      for (const res of responses) closeAfter(res);
      server.close();
      server.closeIdleConnections();
      if (!idle()) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          settle = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      const cut = responses.size + orphans;
      const open = streams.size;
      server.closeAllConnections();
      return { cut, streams: open };
    },
  };
}

// Tells the client this connection ends with this response (Node then closes it after sending).
function closeAfter(res: ServerResponse) {
  if (!res.headersSent) res.setHeader('connection', 'close');
}
