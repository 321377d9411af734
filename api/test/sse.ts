import type { Client } from './harness.ts';

// GraphQL subscriptions in-process: Yoga answers a POST that accepts `text/event-stream` with one
// server-sent event per push.

/** Starts a subscription as `client`; abort the signal to end it. */
export function subscribeOver(client: Client, query: string, variables: Record<string, unknown>, signal: AbortSignal) {
  return client.request('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ query, variables }),
    signal,
  });
}

/** The pushes of a subscription's answer, parsed, in order. */
export async function* pushesOf(res: Response): AsyncGenerator<any> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .join('\n');
      if (data) yield JSON.parse(data);
    }
  }
}
