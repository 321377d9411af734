import net from 'node:net';

/** What a TCP connection to 127.0.0.1:`port` meets: 'connected', or the error code ('ECONNREFUSED' once nothing listens). */
export function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve('connected');
    });
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
  });
}
