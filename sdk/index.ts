import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema.d.ts';

// A typed client of the Data Pit REST API. Its types (./schema.d.ts) are generated from the
// OpenAPI document of the routes by `npm run gen`, so a call that the API does not take, or a field
// that its answer does not have, is a type error. The runtime is openapi-fetch: every call answers
// `{ data, error, response }` and never throws for an HTTP status.
//
//   const pit = createDataPitClient({ baseUrl: 'https://datapit.example.com', token: process.env.PIT_TOKEN });
//   const { data: contracts } = await pit.GET('/contracts', { params: { query: { category: 'financial' } } });

export type { components, operations, paths };
/** A schema of the document by name: `Schema<'Contract'>`, `Schema<'Error'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
export type DataPitClient = Client<paths>;

export interface DataPitClientOptions {
  /** The site's origin, e.g. `https://datapit.example.com`: the API answers under its `/api`. */
  baseUrl: string;
  /** A personal API token (Dashboard → Developers), sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** A buyer's data key, sent as `X-API-Key` (the data download and stream take it). */
  apiKey?: string;
  /**
   * Keep the cookies the server sets (the session of `POST /auth/login`) and send them back, as a
   * browser would: for a script that logs in with a password instead of a token.
   */
  keepCookies?: boolean;
  /** Another fetch (a test's, or one with a proxy); the global one by default. */
  fetch?: (input: Request) => Promise<Response>;
  /** Headers for every call besides the ones above. */
  headers?: Record<string, string>;
}

export function createDataPitClient(options: DataPitClientOptions): DataPitClient {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  const client = createClient<paths>({ baseUrl: `${options.baseUrl.replace(/\/+$/, '')}/api`, headers, fetch: options.fetch });
  if (options.keepCookies) client.use(cookieJar());
  return client;
}

/** A cookie jar of one client: the server's Set-Cookie in, Cookie out (names and values only). */
function cookieJar(): Middleware {
  const cookies = new Map<string, string>();
  return {
    onRequest({ request }) {
      if (!cookies.size || request.headers.has('cookie')) return undefined;
      const headers = new Headers(request.headers);
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
      return new Request(request, { headers });
    },
    onResponse({ response }) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const at = pair.indexOf('=');
        if (at < 1) continue;
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
        if (!value || expired) cookies.delete(name);
        else cookies.set(name, value);
      }
      return undefined;
    },
  };
}
