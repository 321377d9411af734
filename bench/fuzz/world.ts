// The world the fuzz requests aim at: users of every role, listings in every state, a bid, a
// purchase, an application and a file, and their ids.
import type { TestApp } from '../../api/test/harness.ts';

export const PASSWORD = 'Fuzz#Passw0rd';

export interface FuzzWorld {
  ids: Record<string, string>;
  /** Cookie header of each role ('' for anonymous). */
  cookies: Record<Role, string>;
  usernames: Record<Exclude<Role, 'anonymous'>, string>;
}

export type Role = 'anonymous' | 'user' | 'provider' | 'otherProvider' | 'admin';
export const ROLES: Role[] = ['anonymous', 'user', 'provider', 'otherProvider', 'admin'];

// Requests of the fuzzer's own bookkeeping (logins) come from an address the fuzz never uses, so
// the login rate limits the fuzz trips do not lock the fuzzer out.
const SETUP_IP = '10.254.254.254';

/** A few real password checks per address cover the login path; past them the limiter answers (cheaply). */
export const FUZZ_APP_ENV = { LOGIN_LIMIT_PER_IP: '10' };
export const FUZZ_IPS = ['10.200.0.1', '10.200.0.2', '10.200.0.3', '192.0.2.77'];

async function call(app: TestApp, method: string, p: string, body: unknown, cookie = '') {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (cookie) headers.cookie = cookie;
  const res = await app.fetch(p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), ip: SETUP_IP });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, cookie: sessionCookieOf(res) };
}

function sessionCookieOf(res: Response): string {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    if (pair.startsWith('pit_session=') && pair.length > 'pit_session='.length) return pair;
  }
  return '';
}

async function login(app: TestApp, username: string): Promise<string> {
  const res = await call(app, 'POST', '/api/auth/login', { usernameOrEmail: username, password: PASSWORD });
  if (res.status !== 200 || !res.cookie) throw new Error(`fuzz setup: login of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.cookie;
}

/**
 * Users of every role, listings in every state, an application, bids, a purchase and a file, made
 * through the database (users) and the public API (everything else), so ids of other users'
 * objects are at hand.
 */
export async function setupFuzzWorld(app: TestApp): Promise<FuzzWorld> {
  const db = app.database.prisma;
  const { hashPassword } = await import('../../api/domain/accounts/password.ts');
  const passwordHash = await hashPassword(PASSWORD);
  const user = async (username: string, extra: Record<string, unknown> = {}) =>
    db.user.create({ data: { name: username, username, email: `${username}@fuzz.example`, passwordHash, emailVerifiedAt: new Date(), ...extra } });
  const u = {
    user: await user('fz-user'),
    provider: await user('fz-provider', { dueDiligenceStatus: 'approved' }),
    otherProvider: await user('fz-other', { dueDiligenceStatus: 'approved' }),
    admin: await user('fz-admin', { isAdmin: true, dueDiligenceStatus: 'not_applicable' }),
    applicant: await user('fz-applicant'),
  };
  const cookies: Record<Role, string> = {
    anonymous: '',
    user: await login(app, 'fz-user'),
    provider: await login(app, 'fz-provider'),
    otherProvider: await login(app, 'fz-other'),
    admin: await login(app, 'fz-admin'),
  };
  const ids: Record<string, string> = {};
  for (const [k, v] of Object.entries(u)) ids[`${k}Id`] = v.id;

  // A file uploaded through the API (CSV), then listings in each state.
  const boundary = 'fuzzboundary';
  const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="prices.csv"\r\nContent-Type: text/csv\r\n\r\nday,price\n2026-01-01,10\n2026-01-02,11\n\r\n--${boundary}--\r\n`;
  const up = await app.fetch('/api/uploads', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: cookies.provider }, body: multipart, ip: SETUP_IP });
  const upBody = (await up.json()) as { id?: string };
  if (up.status !== 201 || !upBody.id) throw new Error(`fuzz setup: upload failed: ${up.status} ${JSON.stringify(upBody)}`);
  ids.fileId = upBody.id;

  const listing = (title: string, extra: Record<string, unknown> = {}) => ({
    ...LISTING_BODY,
    title,
    ...extra,
  });
  const created = async (who: Role, body: Record<string, unknown>) => {
    const res = await call(app, 'POST', '/api/contracts', body, cookies[who]);
    if (res.status !== 201) throw new Error(`fuzz setup: listing failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  ids.activeContractId = await created('provider', listing('Fuzz Active Prices', { dataAccessType: 'file_upload', fileId: ids.fileId }));
  ids.pendingContractId = await created('provider', listing('Fuzz Pending Prices'));
  ids.rejectedContractId = await created('otherProvider', listing('Fuzz Rejected Prices'));
  ids.otherPendingContractId = await created('otherProvider', listing('Fuzz Other Pending'));
  const review = async (id: string, status: string, extra: Record<string, unknown> = {}) => {
    const res = await call(app, 'PATCH', `/api/contracts/${id}`, { status, reviewNotes: 'fuzz', ...extra }, cookies.admin);
    if (res.status !== 200) throw new Error(`fuzz setup: review failed: ${res.status} ${JSON.stringify(res.body)}`);
  };
  await review(ids.activeContractId, 'active');
  await review(ids.rejectedContractId, 'rejected', { rejectionReason: 'fuzz' });

  const bid = await call(app, 'POST', '/api/bids', { contractId: ids.activeContractId, bidAmount: 5, message: 'fuzz bid' }, cookies.user);
  if (bid.status !== 201) throw new Error(`fuzz setup: bid failed: ${bid.status} ${JSON.stringify(bid.body)}`);
  ids.bidId = bid.body.id;
  const purchase = await call(app, 'POST', '/api/purchases', { contractId: ids.activeContractId }, cookies.user);
  if (purchase.status !== 201) throw new Error(`fuzz setup: purchase failed: ${purchase.status} ${JSON.stringify(purchase.body)}`);
  ids.purchaseId = purchase.body.id;

  const applicantCookie = await login(app, 'fz-applicant');
  const application = await call(app, 'POST', '/api/due-diligence', APPLICATION_BODY, applicantCookie);
  if (application.status !== 201) throw new Error(`fuzz setup: application failed: ${application.status} ${JSON.stringify(application.body)}`);
  ids.applicationId = application.body.id;

  return {
    ids,
    cookies,
    usernames: { user: 'fz-user', provider: 'fz-provider', otherProvider: 'fz-other', admin: 'fz-admin' },
  };
}

/** Logs a role in again when its session ended (the fuzz never logs roles out, but be sure). */
export async function refreshSessions(app: TestApp, world: FuzzWorld) {
  for (const role of ROLES) {
    if (role === 'anonymous') continue;
    const me = await call(app, 'GET', '/api/auth/user', undefined, world.cookies[role]);
    if (me.status !== 200) world.cookies[role] = await login(app, world.usernames[role]);
  }
}

export const LISTING_BODY = {
  title: 'Fuzz Listing Prices',
  description: 'Daily closing prices of a fuzzed market, with documented provenance and fields.',
  category: 'financial',
  price: 25,
  pricingModel: 'one_time',
  dataFormat: 'csv',
  updateFrequency: 'daily',
  sampleSize: '2 rows',
  geographicCoverage: 'Global',
  dataSource: 'Generated by the fuzzer for testing',
  dataAccessType: 'external_link',
  dataAccessUrl: 'https://example.com/data.csv',
  complianceAcknowledged: true,
  qualityAcknowledged: true,
  legalAcknowledged: true,
};

export const APPLICATION_BODY = {
  businessName: 'Fuzz Data Ltd',
  businessType: 'corporation',
  businessAddress: '1 Fuzz Street, London',
  contactEmail: 'ops@fuzz.example',
  contactPhone: '+44 20 7946 0000',
  businessDescription: 'We collect and sell fuzzed data sets with documented provenance for testing purposes.',
  dataTypes: ['Financial & market'],
  hasDataPrivacyPolicy: true,
  gdprCompliant: true,
  ccpaCompliant: false,
  hasUserConsent: true,
  hasDataProcessingAgreements: true,
};
