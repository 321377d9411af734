import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { connectOutcome } from './test/connect.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { drainOnShutdown, type HttpDrain } from './shutdown.ts';

// The drain on a bare node:http server: what each kind of connection sees during a shutdown.
// (api/server.lifecycle.test.ts runs the same through the real server process.)

interface Harness {
  server: http.Server;
  drain: HttpDrain;
  port: number;
  /** Responses held open by /slow until the test releases them. */
  held: http.ServerResponse[];
  arrived: Promise<void>;
}

let current: Harness | undefined;
afterEach(() => {
  current?.server.closeAllConnections();
  current?.server.close();
  current = undefined;
});

async function start(): Promise<Harness> {
  const server = http.createServer();
  const drain = drainOnShutdown(server);
  const held: http.ServerResponse[] = [];
  let signal!: () => void;
  const arrived = new Promise<void>((r) => (signal = r));
  server.on('request', (req, res) => {
    if (req.url === '/slow') {
      held.push(res);
      signal();
      return;
    }
    res.end('fast');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  current = { server, drain, port: (server.address() as AddressInfo).port, held, arrived };
  return current;
}

/** Sends raw HTTP/1.1 on one socket and collects everything the server sends back. */
function rawSocket(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (d: string) => (received += d));
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  return {
    socket,
    closed,
    get received() {
      return received;
    },
    send: (text: string) => socket.write(text),
    async waitFor(pattern: RegExp) {
      while (!pattern.test(received)) await new Promise((r) => socket.once('data', r));
    },
  };
}


describe('drainOnShutdown', () => {
  it('waits for a handler whose client has left: its work still runs, so the database must stay open', async () => {
    const server = http.createServer();
    const drain = drainOnShutdown(server);
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const arrived = new Promise<void>((r) => (started = r));
    let finishedWork = false;
    server.on(
      'request',
      drain.handle(async (_req, res) => {
        started();
        await released; // a query still running
        finishedWork = true;
        res.end('late');
      }),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    current = { server, drain, port: (server.address() as AddressInfo).port, held: [], arrived };
    const client = rawSocket(current.port);
    client.send('GET /work HTTP/1.1\r\nHost: x\r\n\r\n');
    await arrived;
    client.socket.destroy(); // the client gives up
    await client.closed;
    await new Promise((r) => setTimeout(r, 20));
    expect(drain.inFlight).toBe(1);

    let drainedYet = false;
    const drained = drain.drain(60_000).then((result) => ((drainedYet = true), result));
    await new Promise((r) => setTimeout(r, 50));
    expect(drainedYet).toBe(false);
    release();
    expect(await drained).toEqual({ cut: 0, streams: 0 });
    expect(finishedWork).toBe(true);
    expect(drain.inFlight).toBe(0);
  });

  it('counts a handled request once, and not after it has answered', async () => {
    const server = http.createServer();
    const drain = drainOnShutdown(server);
    server.on('request', drain.handle(async (_req, res) => void res.end('ok')));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    current = { server, drain, port: (server.address() as AddressInfo).port, held: [], arrived: Promise.resolve() };
    const res = await fetch(`http://127.0.0.1:${current.port}/`);
    expect(await res.text()).toBe('ok');
    await new Promise((r) => setTimeout(r, 20));
    expect(drain.inFlight).toBe(0);
    expect(await drain.drain(60_000)).toEqual({ cut: 0, streams: 0 });
  });

  it('lets a request in flight finish, refuses new connections, closes idle keep-alive ones at once', async () => {
    const h = await start();
    const idle = rawSocket(h.port);
    idle.send('GET /fast HTTP/1.1\r\nHost: x\r\n\r\n');
    await idle.waitFor(/fast$/);

    const slow = rawSocket(h.port);
    slow.send('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await h.arrived;
    h.held[0]!.writeHead(200, { 'content-type': 'text/plain' });
    h.held[0]!.write('first part;');
    await slow.waitFor(/first part;/);

    const drained = h.drain.drain(60_000);
    await idle.closed; // the idle connection goes at once, while the slow one is still running
    expect(h.drain.inFlight).toBe(1);
    expect(await connectOutcome(h.port)).toBe('ECONNREFUSED');

    h.held[0]!.end('second part');
    expect(await drained).toEqual({ cut: 0, streams: 0 });
    await slow.closed; // its response started before the drain: closed once it finished
    expect(slow.received).toMatch(/first part;.*second part/s);
  });

  it('answers Connection: close to a response that had not started when the drain began', async () => {
    const h = await start();
    const slow = rawSocket(h.port);
    slow.send('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await h.arrived;
    const drained = h.drain.drain(60_000);
    h.held[0]!.end('done');
    await drained;
    await slow.closed;
    expect(slow.received).toMatch(/^HTTP\/1\.1 200/);
    expect(slow.received).toMatch(/\r\nConnection: close\r\n/i);
    expect(slow.received).toMatch(/done$/);
  });

  it('does not wait for an event stream (a subscription), and closes it with the rest', async () => {
    const h = await start();
    const stream = rawSocket(h.port);
    stream.send('GET /slow HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n');
    await h.arrived;
    h.held[0]!.writeHead(200, { 'content-type': 'text/event-stream' });
    h.held[0]!.write('data: 1\n\n');
    await stream.waitFor(/data: 1/);
    expect(h.drain.inFlight).toBe(0);
    // A drain that waited for the stream would time out this test.
    expect(await h.drain.drain(10 * 60_000)).toEqual({ cut: 0, streams: 1 });
    await stream.closed;
  });

  it('cuts what is still running when the drain time is up', async () => {
    const h = await start();
    const slow = rawSocket(h.port);
    slow.send('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await h.arrived;
    expect(await h.drain.drain(1)).toEqual({ cut: 1, streams: 0 });
    await slow.closed;
    expect(slow.received).toBe('');
  });
});
