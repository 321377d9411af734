import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.ts';

// Shared helpers for the browser journeys: a console-error guard on every test, unique users,
// the mail outbox the server writes in DATA_DIR, and GraphQL calls that create data through the API.

/** Where the server writes each mail as an .eml file (no SMTP_URL in the journeys). */
export const OUTBOX_DIR = path.join(E2E_DATA_DIR, 'outbox');

export type TestUser = { name: string; email: string; username: string; password: string };

/** Meets every password rule (8+ chars, upper, lower, digit, special): 'Strong'. */
export const STRONG_PASSWORD = 'Pit-Trader-42';

let counter = 0;
/** A user that does not exist yet: unique per run and per call. */
export function uniqueUser(label = 'trader'): TestUser {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `${label[0]!.toUpperCase()}${label.slice(1)} ${id.toUpperCase()}`,
    email: `${label}-${id}@example.com`,
    username: `${label}_${id}`,
    password: STRONG_PASSWORD,
  };
}

// ---------------------------------------------------------------- console guard

export type ConsoleGuard = {
  /** everything logged so far: page errors and console.error messages */
  messages: string[];
  /** tolerate messages matching this pattern in the current test */
  allow: (pattern: RegExp) => void;
};

// ---------------------------------------------------------------- mail

export type Mail = { file: string; headers: string; body: string };

/** Undoes quoted-printable: soft line breaks (`=\n`) and escapes such as `=3D`. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function readMails(): Promise<Mail[]> {
  let names: string[];
  try {
    names = (await fs.readdir(OUTBOX_DIR)).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  // file names start with Date.now(): newest last after a numeric sort
  names.sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b));
  return Promise.all(
    names.map(async (name) => {
      const raw = (await fs.readFile(path.join(OUTBOX_DIR, name), 'utf8')).replace(/\r\n/g, '\n');
      const split = raw.indexOf('\n\n');
      return { file: name, headers: raw.slice(0, split), body: decodeQuotedPrintable(raw.slice(split + 2)) };
    }),
  );
}

/** The newest mail to `to` (waits for it to arrive). */
export async function newestMailTo(to: string, opts: { after?: string; timeout?: number } = {}): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readMails()).filter((m) => /^to:.*$/im.exec(m.headers)?.[0].toLowerCase().includes(to.toLowerCase()));
        found = mails.at(-1);
        return found && found.file !== opts.after ? found.file : null;
      },
      { message: `a mail to ${to} in ${OUTBOX_DIR}`, timeout: opts.timeout ?? 10_000 },
    )
    .not.toBeNull();
  return found!;
}

/** The link to `route` (e.g. /auth/verify-email) in a mail, as a path for page.goto (any host). */
export function mailLinkPath(mail: Mail, route: string): string {
  const match = new RegExp(`https?://[^\\s"'<>]+${route}\\?[^\\s"'<>]+`).exec(mail.body);
  if (!match) throw new Error(`no ${route} link in ${mail.file}:\n${mail.body}`);
  const url = new URL(match[0].replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}

/** The /auth/verify-email?... link of a verification mail. */
export function verificationPath(mail: Mail): string {
  return mailLinkPath(mail, '/auth/verify-email');
}

// ---------------------------------------------------------------- API

/**
 * The operation a web app request runs, by name: the app sends persisted ids, not texts
 * (docs/decisions.md "Persisted queries"), so a request is recognised by its operationName.
 */
export function operationOf(request: { postDataJSON(): unknown }): string | undefined {
  try {
    return (request.postDataJSON() as { operationName?: string } | null)?.operationName;
  } catch {
    return undefined;
  }
}

/** Runs a GraphQL document with the request context's cookies; throws on GraphQL errors. */
export async function gql<T = Record<string, unknown>>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await request.post('/graphql', {
    data: { query, variables },
    headers: { accept: 'application/graphql-response+json, application/json' },
  });
  const json = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (json.errors?.length || !json.data) throw new Error(`GraphQL ${res.status()}: ${JSON.stringify(json.errors ?? json)}`);
  return json.data;
}

/** Registers a user through the API; with verified, also opens the mailed link (through the API). */
export async function createUser(request: APIRequestContext, opts: { verified: boolean; label?: string }): Promise<TestUser> {
  const user = uniqueUser(opts.label);
  const { register } = await gql<{ register: { __typename: string; message?: string } }>(
    request,
    `mutation ($input: RegisterInput!) { register(input: $input) { __typename ... on Error { message } } }`,
    { input: { ...user, confirmPassword: user.password } },
  );
  expect(register.__typename, register.message).toBe('MutationRegisterSuccess');
  if (opts.verified) {
    const link = new URL(verificationPath(await newestMailTo(user.email)), 'http://x');
    const { verifyEmail } = await gql<{ verifyEmail: { __typename: string; message?: string } }>(
      request,
      `mutation ($input: VerifyEmailInput!) { verifyEmail(input: $input) { __typename ... on Error { message } } }`,
      { input: { token: link.searchParams.get('token'), email: link.searchParams.get('email') } },
    );
    expect(verifyEmail.__typename, verifyEmail.message).toBe('MutationVerifyEmailSuccess');
  }
  return user;
}

/** A toast (the provider shows one at a time) with this title. */
export function toast(page: Page, title: string | RegExp) {
  return page.getByTestId('toast').filter({ hasText: title });
}

// ---------------------------------------------------------------- test

export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  // Every journey fails on an uncaught page error or a console.error, unless the test allowed it.
  consoleGuard: [
    async ({ page }, use) => {
      const messages: string[] = [];
      const allowed: RegExp[] = [];
      page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error') messages.push(`console.error: ${msg.text()} (${msg.location().url})`);
      });
      await use({ messages, allow: (pattern) => allowed.push(pattern) });
      expect(messages.filter((m) => !allowed.some((re) => re.test(m))), 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
