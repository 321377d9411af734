// Compact templates for the demo market (api/demo/seed.ts turns them into rows).
// Everything random here goes through a seeded PRNG, so the demo market looks the same on every run
// (only the dates move with "now").
import type {
  BusinessType,
  Category,
  DataFormat,
  EmployeeCount,
  PricingModel,
  RevenueRange,
  UpdateFrequency,
} from '../db/generated/prisma/client.ts';
import { CERTIFICATIONS as CERTIFICATES, DATA_TYPES } from '../domain/diligence/diligence.schemas.ts';

// ---------------------------------------------------------------- deterministic randomness

/** mulberry32: tiny, fast, good enough for demo data. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** Weighted pick: [[value, weight], ...]. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let x = this.next() * total;
    for (const [v, w] of items) {
      x -= w;
      if (x < 0) return v;
    }
    return items[items.length - 1]![0];
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
  alnum(length: number): string {
    const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    let s = '';
    for (let i = 0; i < length; i++) s += chars[Math.floor(this.next() * chars.length)];
    return s;
  }
  digits(length: number): string {
    let s = String(this.int(1, 9));
    for (let i = 1; i < length; i++) s += String(this.int(0, 9));
    return s;
  }
}

// ---------------------------------------------------------------- people and companies

// The application form's own lists: the 12 data types and the 8 certifications (docs/decisions.md).
export { CERTIFICATES, DATA_TYPES };
export type DataTypeLabel = (typeof DATA_TYPES)[number];
type Certificate = (typeof CERTIFICATES)[number];

export interface ProviderProfile {
  key: string;
  name: string;
  username: string;
  /** approved providers list data; the other two wait in the back office. */
  status: 'approved' | 'submitted' | 'under_review';
  memberDaysAgo: number;
  legalName: string;
  businessType: BusinessType;
  address: string;
  phone: string;
  website: string;
  description: string;
  dataTypes: DataTypeLabel[];
  certificates: Certificate[];
  revenue: RevenueRange;
  employees: EmployeeCount;
  years: number;
  registration: string;
  taxId: string;
  dataSources: string;
  collection: string;
  volume: string;
  frequency: string;
  storage: string;
  eu?: boolean;
  references: string[];
}

export const PROVIDERS: ProviderProfile[] = [
  {
    key: 'meridian', name: 'Meridian Analytics', username: 'meridian', status: 'approved', memberDaysAgo: 1040,
    legalName: 'Meridian Analytics, Inc.', businessType: 'corporation',
    address: '55 Water Street, 32nd Floor, New York, NY 10041, USA', phone: '+1 (212) 555-0142',
    website: 'https://www.meridian-analytics.example',
    description: 'Meridian Analytics captures, normalizes and redistributes institutional-grade market microstructure, fixed income and credit data for quantitative funds and risk teams.',
    dataTypes: ['Financial & market'], certificates: ['SOC 2 Type II', 'ISO 27001', 'PCI DSS'],
    revenue: 'over_5m', employees: 'e51_200', years: 9, registration: 'NY-DOS 4821937', taxId: 'EIN 84-2937145',
    dataSources: 'Co-located exchange feeds (NY4, LD4), TRACE, licensed pricing vendors, public registries',
    collection: 'Direct feed handlers with PTP-synchronized capture; vendor files ingested over SFTP and reconciled nightly',
    volume: '~3 TB per month', frequency: 'Real-time and end of day', storage: 'AES-256 encrypted at rest in AWS us-east-1 with KMS-managed keys',
    references: ['Harbor Point Capital', 'Ardent Risk Partners'],
  },
  {
    key: 'northwind', name: 'Northwind Mobility Labs', username: 'northwind', status: 'approved', memberDaysAgo: 760,
    legalName: 'Northwind Mobility Labs AS', businessType: 'corporation',
    address: 'Dronning Eufemias gate 16, 0191 Oslo, Norway', phone: '+47 21 55 01 73',
    website: 'https://www.northwind-mobility.example',
    description: 'Northwind Mobility Labs aggregates public transit telemetry, aviation operations and EV charging sessions into clean, analysis-ready mobility data sets.',
    dataTypes: ['Transportation & mobility', 'Geolocation', 'Energy & utilities'], certificates: ['ISO 27001', 'GDPR'],
    revenue: 'r1m_5m', employees: 'e11_50', years: 6, registration: 'Org.nr. 921 447 350', taxId: 'NO 921447350 MVA',
    dataSources: 'GTFS-RT feeds from 30 transit agencies, ADS-B receivers, charge point operator partnerships',
    collection: 'Streaming collectors with schema validation; partner data under signed data-sharing agreements',
    volume: '~900 GB per month', frequency: 'Real-time and daily', storage: 'Encrypted at rest in GCP europe-north1, customer-managed keys',
    eu: true, references: ['Oslo Urban Mobility Office', 'Fjord Charging AS'],
  },
  {
    key: 'helix', name: 'Helix Health Data', username: 'helixhealth', status: 'approved', memberDaysAgo: 980,
    legalName: 'Helix Health Data LLC', businessType: 'llc',
    address: '200 Clarendon Street, Suite 1400, Boston, MA 02116, USA', phone: '+1 (617) 555-0198',
    website: 'https://www.helixhealthdata.example',
    description: 'Helix Health Data licenses HIPAA de-identified claims, price transparency and clinical research data to payers, life-science companies and health economists.',
    dataTypes: ['Healthcare'], certificates: ['HIPAA', 'SOC 2 Type II', 'NIST'],
    revenue: 'r1m_5m', employees: 'e11_50', years: 7, registration: 'MA SOC 001392846', taxId: 'EIN 47-3318204',
    dataSources: 'Clearinghouse claims partners, CMS machine-readable files, ClinicalTrials.gov',
    collection: 'Expert-determination de-identification (45 CFR 164.514(b)) before any data leaves the partner enclave',
    volume: '~1.2 billion claim lines', frequency: 'Weekly and monthly', storage: 'HITRUST-aligned enclave, AES-256 at rest, audited access',
    references: ['Bayview Health Economics', 'Cardinal Outcomes Research'],
  },
  {
    key: 'brightline', name: 'Brightline Consumer Insights', username: 'brightline', status: 'approved', memberDaysAgo: 620,
    legalName: 'Brightline Consumer Insights Ltd', businessType: 'corporation',
    address: '1 Finsbury Avenue, London EC2M 2PF, United Kingdom', phone: '+44 20 7946 0321',
    website: 'https://www.brightline-insights.example',
    description: 'Brightline Consumer Insights runs opt-in household panels and partners with card issuers and retailers to measure spending, store visits and online shopping behaviour.',
    dataTypes: ['Consumer behavior', 'E-commerce & retail', 'Geolocation'], certificates: ['GDPR', 'ISO 27001', 'CCPA'],
    revenue: 'r1m_5m', employees: 'e51_200', years: 11, registration: 'Companies House 08813374', taxId: 'GB 291 7743 18',
    dataSources: 'Opt-in household panel, card issuer partnerships, public storefront crawls',
    collection: 'Panel app with explicit consent; aggregated card data with k-anonymity thresholds (k >= 50)',
    volume: '~400 GB per month', frequency: 'Daily and weekly', storage: 'Encrypted at rest in AWS eu-west-2, SOC 2 audited sub-processors',
    eu: true, references: ['Greenleaf Grocers plc', 'Tandem Retail Group'],
  },
  {
    key: 'keystone', name: 'Keystone Property Data', username: 'keystone', status: 'approved', memberDaysAgo: 540,
    legalName: 'Keystone Property Data LLC', businessType: 'llc',
    address: '1700 Pacific Avenue, Suite 2600, Dallas, TX 75201, USA', phone: '+1 (214) 555-0117',
    website: 'https://www.keystonepropertydata.example',
    description: 'Keystone Property Data digitizes county deed and mortgage records and combines them with rental, lease and agricultural land data for lenders, investors and insurers.',
    dataTypes: ['Real estate', 'Geolocation'], certificates: ['SOC 2 Type II', 'CCPA'],
    revenue: 'r500k_1m', employees: 'e11_50', years: 5, registration: 'TX SOS 0803917724', taxId: 'EIN 82-4410937',
    dataSources: 'County recorder offices, MLS partners, USDA NASS, broker lease comps',
    collection: 'OCR and manual QA of recorded documents; partner feeds under license',
    volume: '~160 million records', frequency: 'Weekly', storage: 'Encrypted at rest in Azure South Central US',
    references: ['Lone Star Mortgage Trust', 'Pinecrest Insurance'],
  },
  {
    key: 'lumen', name: 'Lumen Media Metrics', username: 'lumenmedia', status: 'approved', memberDaysAgo: 430,
    legalName: 'Lumen Media Metrics, Inc.', businessType: 'corporation',
    address: '6060 Center Drive, 10th Floor, Los Angeles, CA 90045, USA', phone: '+1 (310) 555-0164',
    website: 'https://www.lumenmediametrics.example',
    description: 'Lumen Media Metrics tracks charts, box office, app stores and public social conversation to help studios, labels and brands measure audience attention.',
    dataTypes: ['Entertainment & media', 'Social media'], certificates: ['SOC 2 Type II', 'CCPA'],
    revenue: 'r1m_5m', employees: 'e11_50', years: 4, registration: 'CA SOS 4417283', taxId: 'EIN 85-1192734',
    dataSources: 'Public chart APIs, theater chain reports, app store rankings, public social posts',
    collection: 'Licensed APIs and public endpoints within terms of service; no private profile data',
    volume: '~250 GB per month', frequency: 'Hourly and daily', storage: 'Encrypted at rest in AWS us-west-2',
    references: ['Silver Reel Distribution', 'Northbeat Records'],
  },
  {
    key: 'stackwise', name: 'Stackwise Research', username: 'stackwise', status: 'approved', memberDaysAgo: 690,
    legalName: 'Stackwise Research GmbH', businessType: 'corporation',
    address: 'Torstraße 140, 10119 Berlin, Germany', phone: '+49 30 5557 2290',
    website: 'https://www.stackwise.example',
    description: 'Stackwise Research crawls the public web, cloud status pages, education statistics and procurement portals and publishes them as well-documented open-data derivatives.',
    dataTypes: ['Technology & web analytics', 'Education'], certificates: ['ISO 27001', 'GDPR'],
    revenue: 'r500k_1m', employees: 'e2_10', years: 3, registration: 'HRB 214733 B', taxId: 'DE 327 118 904',
    dataSources: 'Public web crawl, official statistics offices (NCES, OECD), EU TED, NOAA ISD',
    collection: 'Polite crawling with robots.txt compliance; official bulk downloads with provenance metadata',
    volume: '~2 TB per month', frequency: 'Daily and weekly', storage: 'Encrypted at rest in Hetzner FSN1, offsite backups',
    eu: true, references: ['Open Procurement Watch', 'Signalbyte GmbH'],
  },
  {
    key: 'tidewater', name: 'Tidewater Quant', username: 'tidewater', status: 'approved', memberDaysAgo: 410,
    legalName: 'Tidewater Quant LLC', businessType: 'llc',
    address: '401 N Michigan Avenue, Suite 1200, Chicago, IL 60611, USA', phone: '+1 (312) 555-0186',
    website: 'https://www.tidewaterquant.example',
    description: 'Tidewater Quant builds low-latency FX, crypto, options and power market data sets for systematic traders, with transparent methodology and survivorship-free history.',
    dataTypes: ['Financial & market', 'Energy & utilities'], certificates: ['SOC 2 Type II'],
    revenue: 'r500k_1m', employees: 'e2_10', years: 4, registration: 'IL SOS 1298374', taxId: 'EIN 87-3021956',
    dataSources: 'Exchange WebSocket APIs, OPRA-derived aggregates, ENTSO-E transparency platform, state regulators',
    collection: 'Redundant collectors in two regions with gap detection and back-fill',
    volume: '~1.5 TB per month', frequency: 'Real-time and hourly', storage: 'Encrypted at rest in AWS us-east-2',
    references: ['Lakeshore Systematic', 'Quill Energy Trading'],
  },
  {
    key: 'cobalt', name: 'Cobalt Signals', username: 'cobaltsignals', status: 'submitted', memberDaysAgo: 3,
    legalName: 'Cobalt Signals LLC', businessType: 'llc',
    address: '2100 Riverside Drive, Suite 300, Austin, TX 78741, USA', phone: '+1 (512) 555-0139',
    website: 'https://www.cobaltsignals.example',
    description: 'Cobalt Signals derives alternative data from job postings and company websites to track hiring momentum at 40,000 public and private companies.',
    dataTypes: ['Technology & web analytics', 'Financial & market'], certificates: ['SOC 2 Type II'],
    revenue: 'under_100k', employees: 'e2_10', years: 2, registration: 'TX SOS 0805512298', taxId: 'EIN 88-1740562',
    dataSources: 'Public job boards and company career pages',
    collection: 'Scheduled crawls with deduplication of reposted listings',
    volume: '~40 GB per month', frequency: 'Daily', storage: 'Encrypted at rest in AWS us-east-1',
    references: ['Bluebonnet Ventures'],
  },
  {
    key: 'quarry', name: 'Quarry Street Research', username: 'quarrystreet', status: 'under_review', memberDaysAgo: 9,
    legalName: 'Quarry Street Research Partners', businessType: 'partnership',
    address: '88 Quarry Street, Quincy, MA 02169, USA', phone: '+1 (617) 555-0175',
    website: 'https://www.quarrystreet.example',
    description: 'Quarry Street Research surveys small-business owners every month on pricing, hiring and demand and publishes regional sentiment indices.',
    dataTypes: ['Consumer behavior', 'Financial & market'], certificates: ['CCPA'],
    revenue: 'r100k_500k', employees: 'e2_10', years: 3, registration: 'MA SOC 001477612', taxId: 'EIN 86-2290417',
    dataSources: 'Monthly panel survey of 6,000 small-business owners',
    collection: 'Online questionnaires with consent; responses weighted to Census business counts',
    volume: '~6,000 responses per month', frequency: 'Monthly', storage: 'Encrypted at rest in Azure East US',
    references: ['Granite Bank Economics Desk'],
  },
];

export const BUYERS: { name: string; username: string }[] = [
  { name: 'Ava Thompson', username: 'ava.thompson' },
  { name: 'Daniel Okafor', username: 'daniel.okafor' },
  { name: 'Priya Raman', username: 'priya.raman' },
  { name: 'Lukas Becker', username: 'lukas.becker' },
  { name: 'Sofia Marquez', username: 'sofia.marquez' },
  { name: 'Ethan Caldwell', username: 'ethan.caldwell' },
  { name: 'Mei Lin Chen', username: 'meilin.chen' },
  { name: 'Jonas Lindqvist', username: 'jonas.lindqvist' },
  { name: 'Hannah Goldberg', username: 'hannah.goldberg' },
  { name: 'Mateo Rossi', username: 'mateo.rossi' },
  { name: 'Chloe Dubois', username: 'chloe.dubois' },
  { name: 'Samuel Adeyemi', username: 'samuel.adeyemi' },
];

// ---------------------------------------------------------------- sample-data cells

export type Cell = string | number | boolean | null;
export interface RowContext {
  /** 0-based row index. */
  row: number;
  /** Per-contract offset, so aligned `byRow` columns start at a different place per contract. */
  offset: number;
  /** Start of the sample's time window (ms). */
  anchor: number;
  /** Seconds between consecutive `ts`-style rows. */
  step: number;
  /** Cells generated so far in this row (fields are generated in order). */
  cur: Record<string, Cell>;
}
export type Gen = (r: Rng, c: RowContext) => Cell;

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoMonth = (ms: number, back: number) => {
  const d = new Date(ms);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
};
const round = (x: number, dp: number) => Number(x.toFixed(dp));

const int = (min: number, max: number, mult = 1): Gen => (r) => r.int(Math.ceil(min / mult), Math.floor(max / mult)) * mult;
const num = (min: number, max: number, dp = 2): Gen => (r) => round(r.float(min, max), dp);
const pick = (...items: Cell[]): Gen => (r) => r.pick(items);
const byRow = (...items: Cell[]): Gen => (_r, c) => items[(c.row + c.offset) % items.length]!;
const fixed = (value: Cell): Gen => () => value;
const code = (prefix: string, digits: number): Gen => (r) => prefix + r.digits(digits);
const hex = (prefix: string, length: number): Gen => (r) => prefix + r.alnum(length).toLowerCase();
const bool = (p: number): Gen => (r) => r.chance(p);
const rank: Gen = (_r, c) => c.row + 1;
/** Consecutive timestamps from the anchor, one `step` apart. */
const ts: Gen = (_r, c) => iso(c.anchor + c.row * c.step * 1000);
/** Consecutive days back from the anchor. */
const day: Gen = (_r, c) => isoDate(c.anchor - c.row * DAY_MS);
const week: Gen = (_r, c) => {
  const d = new Date(c.anchor);
  const monday = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return isoDate(monday - c.row * 7 * DAY_MS);
};
const month: Gen = (_r, c) => isoMonth(c.anchor, c.row + 1);
const pastDate = (minDays: number, maxDays: number): Gen => (r, c) => isoDate(c.anchor - r.int(minDays, maxDays) * DAY_MS);
const recentTs = (maxHours: number): Gen => (r, c) => iso(c.anchor - r.int(60, maxHours * 3600) * 1000);
/** A column computed from earlier cells of the same row. */
const from = (f: (cur: Record<string, number>, r: Rng) => Cell): Gen => (r, c) => f(c.cur as Record<string, number>, r);

const US_STATES = ['CA', 'TX', 'NY', 'FL', 'IL', 'WA', 'MA', 'GA', 'CO', 'AZ'];
const BRANDS = ['Starbucks', 'Target', 'Home Depot', 'Chipotle', 'Sephora', 'Nike', 'Walgreens'];
const TICKERS = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'META', 'GOOGL', 'TSLA', 'JPM'];

/** Generators by field name; a listing may override a field for its context. */
export const FIELD_GENERATORS: Record<string, Gen> = {
  // shared
  ts,
  date: day,
  as_of_date: day,
  month,
  week_start: week,
  country_code: pick('US', 'GB', 'DE', 'FR', 'CA', 'AU', 'JP', 'BR'),
  state: pick(...US_STATES),
  city: pick('Chicago', 'Houston', 'Phoenix', 'Seattle', 'Atlanta', 'Denver'),
  region: pick('Northeast', 'Midwest', 'South', 'West'),
  symbol: pick(...TICKERS),
  brand: pick(...BRANDS),
  sentiment_score: num(-0.6, 0.9, 3),
  platform: pick('X', 'Reddit', 'Instagram', 'TikTok', 'YouTube'),
  rank,
  county: pick('Maricopa', 'Harris', 'King', 'Cook', 'Travis', 'Fulton'),
  // financial
  bid_price: num(186.1, 186.4, 2),
  bid_size: int(100, 4800, 100),
  ask_price: from((c, r) => round(c.bid_price! + r.float(0.01, 0.04), 2)),
  ask_size: int(100, 4800, 100),
  level: rank,
  exchange: pick('XNAS', 'XNAS', 'ARCX', 'BATS', 'EDGX'),
  spread_bps: from((c) => round(((c.ask_price! - c.bid_price!) / c.bid_price!) * 10_000, 2)),
  cusip: byRow('037833DX5', '594918BY9', '345397B28', '143658BN1', '92343VGN8', '674599DD4'),
  issuer_name: byRow('Apple Inc.', 'Microsoft Corp.', 'Ford Motor Credit Co.', 'Carnival Corp.', 'Verizon Communications', 'Occidental Petroleum'),
  coupon_rate: num(2.1, 7.9, 3),
  maturity_date: (r, c) => `${new Date(c.anchor).getUTCFullYear() + r.int(2, 28)}-${String(r.int(1, 12)).padStart(2, '0')}-15`,
  clean_price: num(84, 106, 3),
  yield_to_maturity: (r, c) => round([4.41, 4.32, 6.05, 6.62, 5.12, 5.47][(c.row + c.offset) % 6]! + r.float(-0.15, 0.15), 3),
  rating_sp: byRow('AA+', 'AAA', 'BB+', 'BB-', 'BBB+', 'BBB-'),
  sector: byRow('Technology', 'Technology', 'Consumer Discretionary', 'Consumer Discretionary', 'Communication Services', 'Energy'),
  company_id: code('EU-', 8),
  nace_sector: pick('C25 Fabricated metal products', 'G47 Retail trade', 'F41 Construction of buildings', 'I56 Food and beverage service', 'M71 Engineering activities'),
  default_date: pastDate(120, 3600),
  exposure_eur: int(25_000, 2_400_000, 500),
  recovery_rate: num(0.12, 0.78, 2),
  employees_band: pick('1-9', '10-49', '50-249'),
  years_in_operation: int(1, 38),
  pair: pick('BTC-USD', 'ETH-USD', 'SOL-USD', 'BTC-USDT', 'ETH-USDT'),
  side: pick('buy', 'sell'),
  price: from((c, r) => {
    const pair = String(c.pair ?? '');
    return round(pair.startsWith('BTC') ? r.float(91_200, 91_900) : pair.startsWith('ETH') ? r.float(3_050, 3_110) : r.float(138, 142), 2);
  }),
  quantity: num(0.001, 2.4, 4),
  trade_id: code('', 10),
  // market
  contract_code: byRow('CLZ6', 'GCG7', 'ZCH7', 'NGF7', 'HGH7', 'ZSF7'),
  underlying: byRow('WTI Crude Oil', 'Gold', 'Corn', 'Natural Gas', 'Copper', 'Soybeans'),
  expiry_month: byRow('2026-12', '2027-02', '2027-03', '2027-01', '2027-03', '2027-01'),
  settle_price: byRow(58.74, 4031.2, 4.385, 3.412, 4.982, 10.215),
  open_interest: int(20_000, 410_000),
  volume: int(5_000, 320_000),
  open: num(1.0791, 1.0815, 5),
  high: from((c, r) => round(c.open! + r.float(0.0001, 0.0009), 5)),
  low: from((c, r) => round(c.open! - r.float(0.0001, 0.0009), 5)),
  close: from((c, r) => round(r.float(c.low!, c.high!), 5)),
  tick_volume: int(800, 4_200),
  call_volume: int(40_000, 900_000),
  put_volume: from((c, r) => Math.round(c.call_volume! * r.float(0.45, 1.4))),
  put_call_ratio: from((c) => round(c.put_volume! / c.call_volume!, 3)),
  unusual_activity_score: num(0, 100, 1),
  etf_ticker: pick('SPY', 'QQQ', 'IWM', 'VTI', 'XLE'),
  holding_ticker: pick(...TICKERS),
  weight_pct: num(0.2, 7.5, 3),
  shares_held: int(1_000_000, 190_000_000),
  market_value_usd: int(50_000_000, 9_000_000_000, 1000),
  net_flow_usd: int(-250_000_000, 250_000_000, 1000),
  // consumer
  household_id: code('HH', 7),
  store_banner: pick('Kroger', 'Walmart Supercenter', 'Costco', 'Aldi', 'Publix', 'Target'),
  category: pick('Dairy', 'Snacks', 'Fresh Produce', 'Beverages', 'Frozen Foods', 'Household Care'),
  units: int(1, 12),
  spend_usd: num(2.5, 84, 2),
  promo_flag: bool(0.3),
  merchant_category: pick('Grocery', 'Restaurants', 'Fuel', 'Travel', 'Clothing', 'Online Marketplaces'),
  transaction_count: int(120_000, 9_800_000),
  spend_gbp: int(1_500_000, 480_000_000),
  avg_ticket_gbp: from((c) => round(c.spend_gbp! / c.transaction_count!, 2)),
  yoy_change_pct: num(-8, 14, 1),
  location_id: code('LOC-', 6),
  visits: int(300, 9_000),
  median_dwell_minutes: int(6, 48),
  visitor_home_distance_km: num(1.2, 18, 1),
  // healthcare
  claim_id: code('CLM', 10),
  patient_age_band: pick('18-34', '35-49', '50-64', '65+'),
  patient_sex: pick('F', 'M'),
  icd10_code: pick('E11.9', 'I10', 'J06.9', 'M54.5', 'F41.1', 'Z00.00'),
  cpt_code: pick('99213', '99214', '80053', '93000', '71046', '97110'),
  service_date: pastDate(30, 1800),
  allowed_amount_usd: num(38, 420, 2),
  payer_type: pick('Commercial PPO', 'Commercial HMO', 'Medicare Advantage', 'Medicaid Managed Care'),
  hospital_id: code('CCN-', 6),
  hospital_name: pick('Mercy General Hospital', 'St. Luke\u2019s Medical Center', 'Riverside Regional', 'Lakeview University Hospital', 'Providence Memorial'),
  payer_name: pick('Aetna', 'UnitedHealthcare', 'Cigna', 'Blue Cross Blue Shield', 'Humana'),
  negotiated_rate_usd: num(85, 1_900, 2),
  cash_price_usd: from((c, r) => round(c.negotiated_rate_usd! * r.float(0.8, 1.6), 2)),
  effective_date: pastDate(10, 200),
  trial_id: code('NCT0', 7),
  phase: pick('Phase 1', 'Phase 2', 'Phase 3', 'Phase 2/3'),
  condition: pick('Type 2 Diabetes', 'Non-small Cell Lung Cancer', 'Alzheimer Disease', 'Heart Failure', 'Major Depressive Disorder'),
  sponsor: pick('Novartis', 'Pfizer', 'Mayo Clinic', 'Eli Lilly', 'AstraZeneca'),
  enrollment_target: int(40, 3_000),
  status: pick('Recruiting', 'Active, not recruiting', 'Completed', 'Not yet recruiting'),
  start_date: pastDate(20, 900),
  country_count: int(1, 28),
  // social
  mention_count: int(40, 28_000),
  reach_estimate: int(50_000, 42_000_000, 1000),
  language: fixed('en'),
  creator_id: code('CR-', 8),
  primary_topic: pick('Gaming', 'Beauty', 'Personal Finance', 'Fitness', 'Cooking', 'Tech Reviews'),
  follower_count: int(10_000, 4_200_000),
  avg_engagement_rate_pct: num(0.8, 9.5, 2),
  posts_per_week: num(0.5, 14, 1),
  hashtag: pick('#BlackFriday', '#ThanksgivingRecipes', '#COP31', '#NewMusicFriday', '#F1', '#WorldSeries'),
  post_volume: int(4_000, 900_000),
  velocity_pct: num(-20, 340, 1),
  // ecommerce
  captured_at: ts,
  asin: (r) => 'B0' + r.alnum(8).toUpperCase(),
  product_title: pick('Anker 737 Power Bank 24,000mAh', 'Ninja AF101 Air Fryer 4 Qt', 'LEGO Classic Creative Bricks 11717', 'CeraVe Moisturizing Cream 16 oz', 'Sony WH-1000XM5 Headphones'),
  list_price_usd: num(15, 399, 2),
  buy_box_price_usd: from((c, r) => round(c.list_price_usd! * r.float(0.82, 1), 2)),
  seller_count: int(1, 24),
  sales_rank: int(40, 90_000),
  in_stock: bool(0.9),
  store_domain: byRow('northpeakoutfitters.com', 'lunaskincare.co', 'brewhausgear.com', 'tinytrailkids.com', 'oakandember.shop'),
  store_name: byRow('North Peak Outfitters', 'Luna Skincare', 'Brewhaus Gear', 'Tiny Trail Kids', 'Oak & Ember'),
  product_count: int(12, 4_800),
  est_monthly_visits: int(2_000, 1_900_000, 100),
  apps_installed: int(3, 41),
  launched_on: pastDate(200, 3_200),
  vertical: pick('Fashion', 'Electronics', 'Beauty', 'Home & Garden', 'Groceries'),
  device_type: pick('mobile', 'desktop', 'tablet'),
  sessions: int(200_000, 9_000_000),
  carts_created: from((c, r) => Math.round(c.sessions! * r.float(0.06, 0.14))),
  abandonment_rate_pct: num(55, 85, 1),
  avg_cart_value_eur: num(35, 180, 2),
  // real estate
  transaction_id: code('TX-', 9),
  recorded_date: day,
  property_type: pick('Single Family', 'Condominium', 'Townhouse', 'Multi-Family (2-4)'),
  sale_price_usd: int(180_000, 1_400_000, 500),
  loan_amount_usd: from((c, r) => Math.round((c.sale_price_usd! * r.float(0.6, 0.95)) / 100) * 100),
  lender_name: pick('Rocket Mortgage', 'Wells Fargo', 'United Wholesale Mortgage', 'Chase', 'loanDepot'),
  square_feet: int(850, 4_200, 10),
  metro: pick('Austin, TX', 'Nashville, TN', 'Miami, FL', 'Denver, CO', 'San Diego, CA'),
  listing_count: int(1_800, 24_000),
  occupancy_rate_pct: num(48, 82, 1),
  adr_usd: num(110, 390, 2),
  revpar_usd: from((c) => round((c.adr_usd! * c.occupancy_rate_pct!) / 100, 2)),
  bedrooms: int(1, 4),
  lease_id: code('LSE-', 7),
  submarket: byRow('City Core', 'La D\u00e9fense', 'Shoreditch', 'Paris 8e (QCA)', 'King\u2019s Cross'),
  signed_date: pastDate(15, 700),
  floor_area_sqm: int(250, 12_000, 10),
  rent_eur_per_sqm: num(420, 1_150, 0),
  term_years: pick(3, 5, 10, 15),
  tenant_industry: pick('Financial Services', 'Technology', 'Legal', 'Consulting', 'Media'),
  // transportation
  agency_id: fixed('MBTA'),
  route_id: pick('39', 'Red', 'Orange', '57', '1', 'Green-E'),
  vehicle_id: code('V', 4),
  latitude: num(42.33, 42.37, 6),
  longitude: num(-71.12, -71.05, 6),
  speed_kmh: num(0, 62, 1),
  delay_seconds: int(-60, 420),
  flight_date: day,
  carrier_code: pick('DL', 'UA', 'AA', 'LH', 'BA', 'AF'),
  flight_number: int(100, 2_999),
  origin_iata: pick('ATL', 'ORD', 'LHR', 'FRA', 'CDG'),
  destination_iata: pick('JFK', 'LAX', 'AMS', 'MAD', 'SFO'),
  scheduled_departure: (r, c) => `${String(c.cur.flight_date ?? isoDate(c.anchor))}T${String(r.int(6, 22)).padStart(2, '0')}:${r.pick(['00', '15', '30', '45'])}:00Z`,
  departure_delay_min: int(-5, 140),
  cancelled: bool(0.03),
  session_id: hex('cs_', 12),
  station_id: (r, c) => `${String(c.cur.country_code ?? 'NO')}-${r.digits(5)}`,
  connector_type: pick('CCS2', 'Type 2', 'CHAdeMO'),
  start_time: recentTs(72),
  duration_min: int(12, 240),
  energy_kwh: num(4, 68, 2),
  price_eur: from((c, r) => round(c.energy_kwh! * r.float(0.35, 0.6), 2)),
  // energy
  delivery_hour: (_r, c) => iso(Math.floor(c.anchor / 3_600_000) * 3_600_000 + c.row * 3_600_000),
  bidding_zone: pick('DE-LU', 'FR', 'NL', 'ES', 'NO2', 'SE3'),
  price_eur_mwh: num(-4, 210, 2),
  volume_mwh: num(1_200, 28_000, 1),
  currency: fixed('EUR'),
  site_id: code('PV-', 5),
  capacity_kw: num(3, 15, 1),
  generation_kwh: from((c, r) => round(c.capacity_kw! * r.float(0.02, 0.22), 3)),
  irradiance_wm2: int(80, 950),
  temperature_c: num(-2, 28, 1),
  postal_region: pick('NSW 2000', 'VIC 3000', 'QLD 4000', 'SA 5000', 'WA 6000'),
  api_number: (r) => `42-${r.pick(['317', '329', '389', '227', '301'])}-${r.digits(5)}`,
  operator: pick('Pioneer Natural Resources', 'Diamondback Energy', 'EOG Resources', 'Devon Energy', 'ConocoPhillips'),
  report_month: month,
  oil_bbl: int(800, 26_000),
  gas_mcf: int(1_500, 60_000),
  water_bbl: int(2_000, 90_000),
  well_status: pick('Producing', 'Producing', 'Producing', 'Shut-in'),
  // entertainment
  chart_date: day,
  market: pick('US', 'GB', 'DE', 'BR', 'JP'),
  track_title: byRow('Midnight Static', 'Paper Planes Again', 'Golden Hour Drive', 'Cold Coffee', 'Satellite Heart'),
  artist: byRow('Nova Vale', 'The Lanterns', 'Kai Moreno', 'Juniper Sky', 'DJ Sable'),
  streams: int(400_000, 6_800_000),
  film_title: byRow('The Long Meridian', 'Harbor Lights', 'Quantum Hearts', 'Frostline', 'A Quiet Engine'),
  distributor: byRow('Silver Reel', 'Northgate Pictures', 'Apex Studios', 'Silver Reel', 'Harbinger Films'),
  theater_count: int(1_200, 4_300),
  weekend_gross_usd: int(2_000_000, 68_000_000, 1000),
  cumulative_gross_usd: from((c, r) => Math.round((c.weekend_gross_usd! * r.float(1, 4.5)) / 1000) * 1000),
  app_id: byRow('com.pixelforge.skyraiders', 'com.tinyowl.mergekingdom', 'com.redline.drift', 'com.bloom.puzzlegarden'),
  app_name: byRow('Sky Raiders', 'Merge Kingdom', 'Redline Drift', 'Puzzle Garden'),
  store: pick('App Store', 'Google Play'),
  downloads: int(8_000, 900_000),
  revenue_usd: int(10_000, 2_400_000),
  genre: byRow('Action', 'Puzzle', 'Racing', 'Puzzle'),
  // education
  unit_id: code('', 6),
  institution_name: byRow('University of Texas at Austin', 'Ohio State University', 'Arizona State University', 'University of Michigan', 'Georgia Institute of Technology'),
  academic_year: fixed('2024-25'),
  total_enrollment: int(18_000, 78_000),
  in_state_tuition_usd: int(9_800, 17_500),
  out_of_state_tuition_usd: from((c, r) => c.in_state_tuition_usd! + r.int(12_000, 28_000)),
  graduation_rate_pct: num(55, 94, 1),
  learner_id: hex('L-', 10),
  course_id: pick('CS50x', 'ML-101', 'DATA-220', 'STAT-110', 'FIN-305'),
  event_type: pick('video_play', 'quiz_submit', 'forum_post', 'video_complete'),
  event_ts: ts,
  video_seconds_watched: (r, c) => (String(c.cur.event_type).startsWith('video') ? r.int(30, 1_800) : 0),
  quiz_score: (r, c) => (c.cur.event_type === 'quiz_submit' ? round(r.float(40, 100), 1) : null),
  school_id: code('SCH-', 7),
  school_type: pick('Public', 'Public', 'Private', 'Charter'),
  student_count: int(180, 2_400),
  spend_per_student_usd: int(6_500, 19_000, 10),
  math_score: int(420, 560),
  reading_score: int(420, 560),
  // technology
  domain: pick('shopbright.io', 'northpeak.com', 'alpinecredit.co', 'greenleafmarket.com', 'travelnest.app'),
  detected_at: recentTs(96),
  technology: byRow('React', 'Cloudflare', 'Shopify', 'Google Analytics 4', 'Stripe', 'nginx'),
  version: byRow('18.3.1', 'n/a', 'n/a', 'G4', '2024-06-20', '1.25.4'),
  first_seen: pastDate(200, 1_500),
  last_seen: (_r, c) => (c.cur.detected_at ? String(c.cur.detected_at).slice(0, 10) : isoDate(c.anchor)),
  incident_id: code('INC-', 6),
  provider: byRow('AWS', 'Azure', 'GCP', 'AWS'),
  service: byRow('EC2', 'Azure Front Door', 'Cloud SQL', 'Lambda'),
  started_at: recentTs(720),
  resolved_at: from((c, r) => iso(Date.parse(String(c.started_at)) + r.int(8, 240) * 60_000)),
  severity: pick('minor', 'minor', 'major', 'critical'),
  cve_id: (r, c) => `CVE-${new Date(c.anchor).getUTCFullYear()}-${r.int(21_000, 48_999)}`,
  published_date: pastDate(0, 30),
  vendor: byRow('Ivanti', 'Fortinet', 'Atlassian', 'Microsoft', 'Cisco'),
  product: byRow('Connect Secure', 'FortiOS', 'Confluence Data Center', 'Exchange Server', 'IOS XE'),
  cvss_score: num(5.3, 10, 1),
  epss_score: num(0.001, 0.97, 5),
  exploit_available: bool(0.4),
  kev_listed: bool(0.2),
  // other
  humidity_pct: int(30, 98),
  wind_speed_ms: num(0, 14, 1),
  precipitation_mm: num(0, 6, 1),
  pressure_hpa: num(990, 1_032, 1),
  county_fips: byRow('19153', '17019', '31055', '27053', '18057'),
  crop: pick('Corn', 'Soybeans', 'Winter Wheat'),
  season_year: (_r, c) => new Date(c.anchor).getUTCFullYear(),
  planted_acres: int(40_000, 520_000, 100),
  yield_bu_per_acre: num(38, 215, 1),
  production_bu: from((c) => Math.round(c.planted_acres! * c.yield_bu_per_acre!)),
  notice_id: (r, c) => `${new Date(c.anchor).getUTCFullYear()}/S ${r.int(180, 226)}-${r.digits(6)}`,
  buyer_name: pick('Stadt M\u00fcnchen', 'Rijkswaterstaat', 'Ayuntamiento de Madrid', 'Region \u00cele-de-France', 'Politecnico di Milano'),
  cpv_code: pick('72000000-5', '45233140-2', '33140000-3', '79410000-1', '34144900-7'),
  award_date: day,
  contract_value_eur: int(40_000, 18_000_000, 100),
  supplier_name: pick('Siemens Mobility GmbH', 'Sopra Steria SE', 'Acciona Construcci\u00f3n', 'Atos IT Solutions', 'Strabag AG'),
  lots: int(1, 6),
};

// ---------------------------------------------------------------- listings

export interface ListingTemplate {
  provider: string;
  title: string;
  /** One or two sentences; seed.ts adds the delivery sentence. */
  blurb: string;
  fields: string[];
  /** Per-listing overrides of FIELD_GENERATORS where the context differs. */
  gen?: Record<string, Gen>;
  /** Seconds between rows of `ts` columns (default 60). */
  step?: number;
  price: string;
  pricing: PricingModel;
  frequency: UpdateFrequency;
  format: DataFormat;
  delivery: 'api' | 'download' | 'stream' | 's3';
  records: number;
  coverage: string;
  source: string;
  enterprise?: boolean;
  status?: 'pending_review' | 'rejected';
  /**
   * The listing carries a real uploaded file of this many generated rows (CSV), so a buyer can
   * download and stream it; the others answer their external link.
   */
  uploadRows?: number;
}

const m = 1_000_000;

/** At least three listings in every category (13 x 3 + 2). */
export const LISTINGS: Record<Category, ListingTemplate[]> = {
  financial: [
    { provider: 'meridian', title: 'US Equities Level-2 Order Book (NASDAQ, 1s snapshots)',
      blurb: 'Ten levels of bids and asks for every NASDAQ-listed stock, snapshotted once per second from the direct exchange feed. Ideal for market-impact models, liquidity research and execution analytics.',
      fields: ['ts', 'symbol', 'level', 'bid_price', 'bid_size', 'ask_price', 'ask_size', 'exchange', 'spread_bps'], step: 1,
      gen: { symbol: fixed('NVDA') },
      price: '2400.00', pricing: 'monthly_subscription', frequency: 'realtime', format: 'api', delivery: 'stream', records: 480 * m,
      coverage: 'United States (NASDAQ)', source: 'Direct exchange feed captured at the NY4 co-location facility', enterprise: true },
    { provider: 'meridian', title: 'Corporate Bond End-of-Day Pricing (US IG & HY)',
      blurb: 'Evaluated end-of-day clean prices and yields for 38,000 US investment-grade and high-yield corporate bonds, with issuer, sector and S&P rating.',
      fields: ['as_of_date', 'cusip', 'issuer_name', 'coupon_rate', 'maturity_date', 'clean_price', 'yield_to_maturity', 'rating_sp', 'sector'],
      price: '1850.00', pricing: 'annual_subscription', frequency: 'daily', format: 'csv', delivery: 's3', records: 41 * m,
      coverage: 'United States', source: 'FINRA TRACE prints blended with dealer quotes and an evaluated pricing model' },
    { provider: 'meridian', title: 'SME Credit Default Events 2015-2025 (EU)',
      blurb: 'Ten years of observed defaults among small and medium-sized enterprises across the EU, with exposure at default and realised recovery rates. Built for PD/LGD model calibration and IFRS 9 back-testing.',
      fields: ['company_id', 'country_code', 'nace_sector', 'default_date', 'exposure_eur', 'recovery_rate', 'employees_band', 'years_in_operation'],
      gen: { country_code: pick('DE', 'FR', 'IT', 'ES', 'NL', 'PL') },
      price: '690.00', pricing: 'one_time', frequency: 'static', format: 'csv', delivery: 'download', records: 212_000,
      coverage: 'EU-27', source: 'National business registers and insolvency court publications, matched to lender portfolios', uploadRows: 2_000 },
    { provider: 'tidewater', title: 'Crypto Spot Trades Tick Data (Top 50 Pairs)',
      blurb: 'Every public trade on the 50 most liquid spot pairs across Coinbase, Kraken and Binance, normalized to one schema with exchange trade ids for de-duplication.',
      fields: ['ts', 'exchange', 'pair', 'side', 'price', 'quantity', 'trade_id'], step: 1,
      gen: { exchange: pick('Coinbase', 'Kraken', 'Binance') },
      price: '390.00', pricing: 'monthly_subscription', frequency: 'realtime', format: 'json', delivery: 'stream', records: 920 * m,
      coverage: 'Global', source: 'Public exchange WebSocket APIs with redundant collectors in two regions' },
  ],
  market: [
    { provider: 'meridian', title: 'Global Commodity Futures Settlement Prices',
      blurb: 'Official daily settlement prices, volume and open interest for energy, metals and agricultural futures on CME, ICE and Eurex.',
      fields: ['as_of_date', 'contract_code', 'exchange', 'underlying', 'expiry_month', 'settle_price', 'open_interest', 'volume'],
      gen: { exchange: byRow('NYMEX', 'COMEX', 'CBOT', 'NYMEX', 'COMEX', 'CBOT') },
      price: '310.00', pricing: 'monthly_subscription', frequency: 'daily', format: 'csv', delivery: 'download', records: 6_400_000,
      coverage: 'Global (CME, ICE, Eurex)', source: 'Exchange settlement files, reconciled against clearing house reports' },
    { provider: 'tidewater', title: 'FX Spot Rates, 1-Minute Bars (42 Currency Pairs)',
      blurb: 'One-minute OHLC bars for 42 major and emerging-market currency pairs, built from aggregated interbank quotes and published every hour.',
      fields: ['ts', 'pair', 'open', 'high', 'low', 'close', 'tick_volume'],
      gen: { pair: fixed('EUR/USD') },
      price: '179.00', pricing: 'monthly_subscription', frequency: 'hourly', format: 'api', delivery: 'api', records: 310 * m,
      coverage: 'Global', source: 'Aggregated streaming quotes from six tier-1 liquidity providers' },
    { provider: 'tidewater', title: 'Retail Options Flow Sentiment Index',
      blurb: 'A daily sentiment score per US stock derived from retail-sized options orders, with put/call ratios and an unusual-activity flag. Useful as an alpha signal or a risk overlay.',
      fields: ['date', 'symbol', 'call_volume', 'put_volume', 'put_call_ratio', 'unusual_activity_score', 'sentiment_score'],
      price: '249.00', pricing: 'monthly_subscription', frequency: 'daily', format: 'json', delivery: 'api', records: 2_900_000,
      coverage: 'United States', source: 'OPRA-derived order aggregates filtered to retail order sizes' },
    { provider: 'meridian', title: 'ETF Holdings & Fund Flows (US-listed ETFs)',
      blurb: 'Daily constituent holdings and net creations/redemptions for 3,100 US-listed ETFs, point-in-time and free of survivorship bias.',
      fields: ['as_of_date', 'etf_ticker', 'holding_ticker', 'weight_pct', 'shares_held', 'market_value_usd', 'net_flow_usd'],
      price: '1290.00', pricing: 'annual_subscription', frequency: 'daily', format: 'csv', delivery: 's3', records: 88 * m,
      coverage: 'United States', source: 'Issuer daily holdings files and NSCC basket data', status: 'pending_review' },
  ],
  consumer: [
    { provider: 'brightline', title: 'US Grocery Basket Panel (120k Households, Weekly)',
      blurb: 'Item-level grocery purchases from 120,000 opt-in US households, weighted to Census demographics. Tracks brand switching, promotion response and private-label share week by week.',
      fields: ['week_start', 'household_id', 'region', 'store_banner', 'category', 'units', 'spend_usd', 'promo_flag'],
      price: '3400.00', pricing: 'annual_subscription', frequency: 'weekly', format: 'csv', delivery: 's3', records: 640 * m,
      coverage: 'United States', source: 'Opt-in receipt-scanning household panel with explicit consent', enterprise: true },
    { provider: 'brightline', title: 'Credit Card Spend by Merchant Category (Anonymized, UK)',
      blurb: 'Monthly aggregated card spending by merchant category and region across 9 million UK cardholders, with year-on-year change. Aggregates below 50 cardholders are suppressed.',
      fields: ['month', 'region', 'merchant_category', 'transaction_count', 'spend_gbp', 'avg_ticket_gbp', 'yoy_change_pct'],
      gen: { region: pick('London', 'South East', 'North West', 'Scotland', 'West Midlands', 'Wales') },
      price: '890.00', pricing: 'monthly_subscription', frequency: 'monthly', format: 'csv', delivery: 'download', records: 184_000,
      coverage: 'United Kingdom', source: 'Aggregated transactions from two UK card issuers under data-sharing agreements' },
    { provider: 'brightline', title: 'Foot Traffic at 45,000 Retail Locations',
      blurb: 'Daily visit counts, dwell time and trade-area distance for 45,000 branded stores and restaurants, measured from a consented mobile panel.',
      fields: ['date', 'location_id', 'brand', 'city', 'state', 'visits', 'median_dwell_minutes', 'visitor_home_distance_km'],
      gen: { city: byRow('Denver', 'Chicago', 'Houston', 'Seattle', 'Atlanta', 'Phoenix'), state: byRow('CO', 'IL', 'TX', 'WA', 'GA', 'AZ') },
      price: '1150.00', pricing: 'monthly_subscription', frequency: 'daily', format: 'api', delivery: 'api', records: 96 * m,
      coverage: 'United States', source: 'Consented mobile location panel of 14 million devices' },
  ],
  healthcare: [
    { provider: 'helix', title: 'De-identified Outpatient Claims (US Commercial, 2019-2024)',
      blurb: 'Six years of de-identified professional and outpatient claim lines from commercially insured patients, with diagnosis, procedure and allowed amounts. Certified under the HIPAA expert-determination method.',
      fields: ['claim_id', 'patient_age_band', 'patient_sex', 'state', 'icd10_code', 'cpt_code', 'service_date', 'allowed_amount_usd', 'payer_type'],
      price: '4900.00', pricing: 'one_time', frequency: 'static', format: 'database', delivery: 's3', records: 1_200 * m,
      coverage: 'United States (50 states)', source: 'Clearinghouse claim feeds, de-identified inside the partner enclave', enterprise: true },
    { provider: 'helix', title: 'Hospital Price Transparency Rates (CMS Files, Normalized)',
      blurb: 'Negotiated payer rates and cash prices published by 4,200 US hospitals under the CMS price transparency rule, parsed from machine-readable files and mapped to CPT codes.',
      fields: ['hospital_id', 'hospital_name', 'state', 'cpt_code', 'payer_name', 'negotiated_rate_usd', 'cash_price_usd', 'effective_date'],
      price: '2250.00', pricing: 'annual_subscription', frequency: 'monthly', format: 'csv', delivery: 'download', records: 380 * m,
      coverage: 'United States', source: 'Hospital machine-readable files published under 45 CFR 180' },
    { provider: 'helix', title: 'Clinical Trial Registry Snapshot with Enrollment Status',
      blurb: 'A cleaned weekly snapshot of interventional trials with phase, sponsor, condition and enrollment targets, de-duplicated across registries.',
      fields: ['trial_id', 'phase', 'condition', 'sponsor', 'enrollment_target', 'status', 'start_date', 'country_count'],
      price: '149.00', pricing: 'monthly_subscription', frequency: 'weekly', format: 'json', delivery: 'api', records: 74_000,
      coverage: 'Global', source: 'ClinicalTrials.gov and EU CTIS public registries' },
  ],
  social: [
    { provider: 'lumen', title: 'Brand Mentions Across Public Social Posts (English)',
      blurb: 'Hourly mention counts, estimated reach and sentiment for 5,000 consumer brands across public posts on major social platforms.',
      fields: ['ts', 'platform', 'brand', 'mention_count', 'sentiment_score', 'reach_estimate', 'language'], step: 3600,
      price: '520.00', pricing: 'monthly_subscription', frequency: 'hourly', format: 'json', delivery: 'api', records: 210 * m,
      coverage: 'Global (English-language posts)', source: 'Public posts collected through licensed platform APIs' },
    { provider: 'lumen', title: 'Creator Economy Index: 250k Public Creator Profiles',
      blurb: 'Follower counts, engagement rates and posting cadence for 250,000 public creators with at least 10,000 followers, classified by primary topic.',
      fields: ['creator_id', 'platform', 'primary_topic', 'follower_count', 'avg_engagement_rate_pct', 'posts_per_week', 'country_code'],
      price: '780.00', pricing: 'one_time', frequency: 'weekly', format: 'csv', delivery: 'download', records: 250_000,
      coverage: 'Global', source: 'Public profile metadata from official platform APIs' },
    { provider: 'lumen', title: 'Trending Hashtags by Country, Hourly',
      blurb: 'The top 50 hashtags per country every hour with post volume and velocity, for newsrooms and social listening dashboards.',
      fields: ['ts', 'country_code', 'hashtag', 'rank', 'post_volume', 'velocity_pct'], step: 0,
      gen: { country_code: fixed('US') },
      price: '99.00', pricing: 'monthly_subscription', frequency: 'hourly', format: 'json', delivery: 'stream', records: 38 * m,
      coverage: '62 countries', source: 'Public trending endpoints sampled every five minutes', status: 'pending_review' },
  ],
  ecommerce: [
    { provider: 'brightline', title: 'Amazon Marketplace Price & Buy Box Tracker (US)',
      blurb: 'Hourly list price, Buy Box price, seller count and sales rank for 2.4 million ASINs. Track competitor pricing and stock-outs as they happen.',
      fields: ['captured_at', 'asin', 'product_title', 'category', 'list_price_usd', 'buy_box_price_usd', 'seller_count', 'sales_rank', 'in_stock'], step: 3600,
      gen: {
        product_title: byRow('Anker 737 Power Bank 24,000mAh', 'Ninja AF101 Air Fryer 4 Qt', 'LEGO Classic Creative Bricks 11717', 'CeraVe Moisturizing Cream 16 oz', 'Sony WH-1000XM5 Headphones'),
        category: byRow('Electronics', 'Home & Kitchen', 'Toys & Games', 'Beauty & Personal Care', 'Electronics'),
        list_price_usd: byRow(89.99, 99.99, 59.99, 19.99, 399.99),
      },
      price: '640.00', pricing: 'monthly_subscription', frequency: 'hourly', format: 'json', delivery: 'api', records: 520 * m,
      coverage: 'United States (amazon.com)', source: 'Public product pages crawled hourly with change detection' },
    { provider: 'brightline', title: 'Shopify Store Directory with Tech Stack',
      blurb: 'A directory of 1.9 million live Shopify storefronts with product counts, estimated traffic and installed apps. Built for B2B prospecting and market sizing.',
      fields: ['store_domain', 'store_name', 'country_code', 'product_count', 'est_monthly_visits', 'apps_installed', 'launched_on'],
      price: '349.00', pricing: 'one_time', frequency: 'monthly', format: 'csv', delivery: 'download', records: 1_900_000,
      coverage: 'Global', source: 'Storefront crawl combined with public DNS and traffic panels' },
    { provider: 'brightline', title: 'Cart Abandonment Benchmarks by Vertical (EU)',
      blurb: 'Monthly checkout funnel benchmarks from 1,400 European online shops, split by vertical and device, with average cart value.',
      fields: ['month', 'vertical', 'device_type', 'sessions', 'carts_created', 'abandonment_rate_pct', 'avg_cart_value_eur'],
      price: '420.00', pricing: 'annual_subscription', frequency: 'monthly', format: 'csv', delivery: 'download', records: 26_000,
      coverage: 'EU-27', source: 'Aggregated, consented analytics from partner shop platforms' },
  ],
  real_estate: [
    { provider: 'keystone', title: 'US Residential Property Transactions (Deeds & Mortgages)',
      blurb: 'Recorded deed transfers joined to first-lien mortgages for 3,100 US counties, with sale price, loan amount and lender. Covers arms-length sales and refinances.',
      fields: ['transaction_id', 'recorded_date', 'county', 'state', 'property_type', 'sale_price_usd', 'loan_amount_usd', 'lender_name', 'square_feet'],
      gen: { county: byRow('Maricopa', 'Harris', 'King', 'Cook', 'Travis', 'Fulton'), state: byRow('AZ', 'TX', 'WA', 'IL', 'TX', 'GA') },
      price: '3900.00', pricing: 'annual_subscription', frequency: 'weekly', format: 'database', delivery: 's3', records: 160 * m,
      coverage: 'United States (3,100 counties)', source: 'County recorder documents, digitized and quality-checked', enterprise: true },
    { provider: 'keystone', title: 'Short-Term Rental Occupancy & ADR (Top 100 Metros)',
      blurb: 'Monthly occupancy, average daily rate and RevPAR for short-term rentals in the 100 largest US metros, broken down by bedroom count.',
      fields: ['month', 'metro', 'bedrooms', 'listing_count', 'occupancy_rate_pct', 'adr_usd', 'revpar_usd'],
      price: '275.00', pricing: 'monthly_subscription', frequency: 'monthly', format: 'csv', delivery: 'download', records: 480_000,
      coverage: 'United States (top 100 metros)', source: 'Calendar scraping of public listings with booking inference' },
    { provider: 'keystone', title: 'Commercial Office Lease Comps (London & Paris)',
      blurb: 'Signed office lease transactions with rent per square metre, term and tenant industry for central London and Paris. Sourced from broker comps and verified against landlord filings.',
      fields: ['lease_id', 'city', 'submarket', 'signed_date', 'floor_area_sqm', 'rent_eur_per_sqm', 'term_years', 'tenant_industry'],
      gen: { city: byRow('London', 'Paris', 'London', 'Paris', 'London') },
      price: '1650.00', pricing: 'one_time', frequency: 'monthly', format: 'xml', delivery: 'download', records: 18_500,
      coverage: 'United Kingdom and France', source: 'Broker lease comparables verified against landlord filings' },
  ],
  transportation: [
    { provider: 'northwind', title: 'Real-Time Transit Vehicle Positions (GTFS-RT, 30 Cities)',
      blurb: 'Live positions, speed and schedule deviation for buses and trains in 30 cities, normalized from each agency\u2019s GTFS-Realtime feed.',
      fields: ['ts', 'agency_id', 'route_id', 'vehicle_id', 'latitude', 'longitude', 'speed_kmh', 'delay_seconds'], step: 15,
      price: '460.00', pricing: 'monthly_subscription', frequency: 'realtime', format: 'api', delivery: 'stream', records: 1_400 * m,
      coverage: 'North America and Europe (30 cities)', source: 'Agency GTFS-Realtime vehicle position feeds' },
    { provider: 'northwind', title: 'Global Flight Delays & Cancellations (Airport Level)',
      blurb: 'Scheduled versus actual departure times for 110,000 daily flights, with delay minutes and cancellations. A clean basis for on-time performance and disruption models.',
      fields: ['flight_date', 'carrier_code', 'flight_number', 'origin_iata', 'destination_iata', 'scheduled_departure', 'departure_delay_min', 'cancelled'],
      price: '330.00', pricing: 'monthly_subscription', frequency: 'daily', format: 'csv', delivery: 's3', records: 270 * m,
      coverage: 'Global', source: 'ADS-B receiver network matched to published airline schedules' },
    { provider: 'northwind', title: 'EV Charging Session Records (Anonymized, Nordics)',
      blurb: 'Anonymized charging sessions from 9,000 public charge points in Norway, Sweden, Denmark and Finland, with energy delivered, duration and price paid.',
      fields: ['session_id', 'country_code', 'station_id', 'connector_type', 'start_time', 'duration_min', 'energy_kwh', 'price_eur'],
      gen: { country_code: pick('NO', 'SE', 'DK', 'FI') },
      price: '980.00', pricing: 'annual_subscription', frequency: 'daily', format: 'json', delivery: 'api', records: 31 * m,
      coverage: 'Nordics (NO, SE, DK, FI)', source: 'Charge point operator session logs under data-sharing agreements' },
  ],
  energy: [
    { provider: 'tidewater', title: 'Day-Ahead Electricity Prices (ENTSO-E Bidding Zones)',
      blurb: 'Hourly day-ahead auction prices and cleared volumes for every European bidding zone, published as soon as the auction clears.',
      fields: ['delivery_hour', 'bidding_zone', 'price_eur_mwh', 'volume_mwh', 'currency'],
      gen: { bidding_zone: fixed('DE-LU') },
      price: '199.00', pricing: 'monthly_subscription', frequency: 'hourly', format: 'api', delivery: 'api', records: 9_800_000,
      coverage: 'Europe (ENTSO-E area)', source: 'ENTSO-E Transparency Platform and power exchange auction results' },
    { provider: 'northwind', title: 'Rooftop Solar Generation, 15-Minute Intervals (8,000 Sites)',
      blurb: 'Metered generation from 8,000 residential rooftop PV systems with irradiance and temperature at 15-minute resolution. Ideal for forecasting and grid-impact studies.',
      fields: ['ts', 'site_id', 'postal_region', 'capacity_kw', 'generation_kwh', 'irradiance_wm2', 'temperature_c'], step: 900,
      price: '1480.00', pricing: 'annual_subscription', frequency: 'daily', format: 'csv', delivery: 's3', records: 700 * m,
      coverage: 'Australia', source: 'Inverter telemetry from installer partners, opt-in by homeowners' },
    { provider: 'tidewater', title: 'Oil & Gas Well Production Reports (Permian Basin)',
      blurb: 'Monthly oil, gas and water volumes for 180,000 wells in the Permian Basin, with operator and status. Cleaned from state regulator filings and keyed by API number.',
      fields: ['api_number', 'operator', 'county', 'report_month', 'oil_bbl', 'gas_mcf', 'water_bbl', 'well_status'],
      gen: { county: pick('Midland', 'Martin', 'Reeves', 'Loving', 'Howard') },
      price: '2750.00', pricing: 'one_time', frequency: 'monthly', format: 'csv', delivery: 'download', records: 21 * m,
      coverage: 'United States (Texas, New Mexico)', source: 'Texas RRC and New Mexico OCD production filings' },
  ],
  entertainment: [
    { provider: 'lumen', title: 'Streaming Chart Positions (Spotify & Apple Music, 60 Markets)',
      blurb: 'Daily top-200 chart positions and stream counts for 60 markets on the two largest music streaming services.',
      fields: ['chart_date', 'market', 'platform', 'rank', 'track_title', 'artist', 'streams'],
      gen: { platform: pick('Spotify', 'Apple Music'), chart_date: (_r, c) => isoDate(c.anchor) },
      price: '159.00', pricing: 'monthly_subscription', frequency: 'daily', format: 'json', delivery: 'api', records: 14 * m,
      coverage: 'Global (60 markets)', source: 'Public chart endpoints of streaming platforms' },
    { provider: 'lumen', title: 'Box Office Grosses by Theater Chain (North America)',
      blurb: 'Weekend and cumulative grosses per film with theater counts, reported every Monday. History back to 2010 included.',
      fields: ['weekend_start', 'rank', 'film_title', 'distributor', 'theater_count', 'weekend_gross_usd', 'cumulative_gross_usd'],
      gen: { weekend_start: (_r, c) => week(_r, { ...c, row: 0 }) },
      price: '129.00', pricing: 'monthly_subscription', frequency: 'weekly', format: 'csv', delivery: 'download', records: 310_000,
      coverage: 'United States and Canada', source: 'Theater chain reports reconciled with distributor announcements' },
    { provider: 'lumen', title: 'Mobile Game Downloads & Revenue Estimates',
      blurb: 'Daily download and in-app revenue estimates for the top 5,000 mobile games in 40 countries on iOS and Android.',
      fields: ['date', 'app_id', 'app_name', 'genre', 'store', 'country_code', 'downloads', 'revenue_usd'],
      price: '2100.00', pricing: 'annual_subscription', frequency: 'daily', format: 'api', delivery: 'api', records: 73 * m,
      coverage: '40 countries', source: 'Store ranking panels calibrated with publisher-shared actuals', enterprise: true },
  ],
  education: [
    { provider: 'stackwise', title: 'US Higher-Ed Enrollment & Tuition (IPEDS, Cleaned)',
      blurb: 'Enrollment, tuition and graduation rates for every Title IV institution, cleaned from IPEDS surveys into one tidy table per academic year.',
      fields: ['unit_id', 'institution_name', 'state', 'academic_year', 'total_enrollment', 'in_state_tuition_usd', 'out_of_state_tuition_usd', 'graduation_rate_pct'],
      gen: { state: byRow('TX', 'OH', 'AZ', 'MI', 'GA') },
      price: '49.00', pricing: 'one_time', frequency: 'static', format: 'csv', delivery: 'download', records: 96_000,
      coverage: 'United States', source: 'NCES IPEDS survey components, cleaned and harmonized' },
    { provider: 'stackwise', title: 'Online Course Engagement Logs (MOOC, Anonymized)',
      blurb: 'Event-level learner activity from 140 open online courses: video plays, quiz submissions and forum posts. Learner ids are salted hashes.',
      fields: ['learner_id', 'course_id', 'event_type', 'event_ts', 'video_seconds_watched', 'quiz_score', 'country_code'], step: 47,
      price: '560.00', pricing: 'one_time', frequency: 'weekly', format: 'json', delivery: 's3', records: 58 * m,
      coverage: 'Global', source: 'Course platform exports shared by partner universities' },
    { provider: 'stackwise', title: 'K-12 School Performance & Funding (OECD Countries)',
      blurb: 'School-level test scores, student counts and spending per student for 38 OECD countries, harmonized to one schema.',
      fields: ['school_id', 'country_code', 'region', 'school_type', 'student_count', 'spend_per_student_usd', 'math_score', 'reading_score'],
      gen: { country_code: pick('DE', 'FI', 'CA', 'JP', 'KR', 'NL'), region: pick('North', 'South', 'East', 'West', 'Capital') },
      price: '225.00', pricing: 'one_time', frequency: 'static', format: 'csv', delivery: 'download', records: 410_000,
      coverage: 'OECD (38 countries)', source: 'OECD PISA school files and national education statistics', status: 'rejected' },
  ],
  technology: [
    { provider: 'stackwise', title: 'Website Technology Fingerprints (Top 10M Domains)',
      blurb: 'Detected frameworks, CDNs, analytics and payment technologies for the top 10 million domains, with first- and last-seen dates for churn analysis.',
      fields: ['domain', 'technology', 'category', 'version', 'detected_at', 'first_seen', 'last_seen'],
      gen: { category: byRow('JavaScript framework', 'CDN', 'E-commerce platform', 'Analytics', 'Payments', 'Web server') },
      price: '1950.00', pricing: 'annual_subscription', frequency: 'weekly', format: 'csv', delivery: 's3', records: 410 * m,
      coverage: 'Global', source: 'Weekly crawl of the top 10 million domains (Tranco list)' },
    { provider: 'stackwise', title: 'Cloud Outage & Incident Timeline (AWS, Azure, GCP)',
      blurb: 'Every incident posted on the three major cloud status pages since 2018, normalized by region and service, with start, resolution and severity.',
      fields: ['incident_id', 'provider', 'region', 'service', 'started_at', 'resolved_at', 'severity'],
      gen: { region: byRow('us-east-1', 'westeurope', 'europe-west3', 'eu-west-1') },
      price: '89.00', pricing: 'monthly_subscription', frequency: 'daily', format: 'json', delivery: 'api', records: 23_000,
      coverage: 'Global', source: 'Public cloud status pages and post-incident reports' },
    { provider: 'tidewater', title: 'CVE Exploitability Feed with EPSS Scores',
      blurb: 'Newly published CVEs enriched with CVSS, EPSS exploit probability, public exploit availability and CISA KEV status. Prioritize patching by real-world risk.',
      fields: ['cve_id', 'published_date', 'vendor', 'product', 'cvss_score', 'epss_score', 'exploit_available', 'kev_listed'],
      price: '289.00', pricing: 'monthly_subscription', frequency: 'daily', format: 'json', delivery: 'api', records: 260_000,
      coverage: 'Global', source: 'NVD, FIRST EPSS, CISA KEV and public exploit repositories', status: 'pending_review' },
  ],
  other: [
    { provider: 'stackwise', title: 'Global Weather Observations, Hourly (12,000 Stations)',
      blurb: 'Hourly surface observations from 12,000 weather stations with quality flags applied, back to 2000.',
      fields: ['ts', 'station_id', 'country_code', 'temperature_c', 'humidity_pct', 'wind_speed_ms', 'precipitation_mm', 'pressure_hpa'], step: 3600,
      gen: { station_id: fixed('725030-14732'), country_code: fixed('US') },
      price: '1350.00', pricing: 'annual_subscription', frequency: 'hourly', format: 'csv', delivery: 's3', records: 1_900 * m,
      coverage: 'Global', source: 'NOAA Integrated Surface Database with additional national networks' },
    { provider: 'keystone', title: 'Agricultural Crop Yield Estimates by County (US)',
      blurb: 'County-level planted acreage, yield and production estimates for corn, soybeans and wheat, refreshed monthly through the season.',
      fields: ['county_fips', 'state', 'crop', 'season_year', 'planted_acres', 'yield_bu_per_acre', 'production_bu'],
      gen: { state: byRow('IA', 'IL', 'NE', 'MN', 'IN') },
      price: '410.00', pricing: 'one_time', frequency: 'monthly', format: 'csv', delivery: 'download', records: 640_000,
      coverage: 'United States', source: 'USDA NASS surveys blended with satellite vegetation indices' },
    { provider: 'stackwise', title: 'Public Procurement Awards (EU TED, Structured)',
      blurb: 'Contract award notices from the EU Tenders Electronic Daily, parsed into structured buyers, suppliers, CPV codes and award values.',
      fields: ['notice_id', 'country_code', 'buyer_name', 'cpv_code', 'award_date', 'contract_value_eur', 'supplier_name', 'lots'],
      gen: { country_code: pick('DE', 'NL', 'ES', 'FR', 'IT') },
      price: '760.00', pricing: 'annual_subscription', frequency: 'daily', format: 'xml', delivery: 'download', records: 5_600_000,
      coverage: 'EU-27 and EEA', source: 'EU Tenders Electronic Daily (TED) XML bulk downloads' },
  ],
};

// ---------------------------------------------------------------- texts

const FREQUENCY_TEXT: Record<UpdateFrequency, string> = {
  realtime: 'Real-time feed',
  hourly: 'Refreshed every hour',
  daily: 'Updated daily',
  weekly: 'Updated weekly',
  monthly: 'Updated monthly',
  static: 'A one-off historical data set',
};
const DELIVERY_TEXT: Record<ListingTemplate['delivery'], string> = {
  api: 'through a REST API',
  download: 'for download',
  stream: 'over WebSocket',
  s3: 'to your own S3 bucket',
};
const FORMAT_TEXT: Record<DataFormat, string> = {
  json: 'JSON',
  csv: 'CSV',
  xml: 'XML',
  api: 'JSON',
  database: 'a PostgreSQL dump',
  other: 'files',
};

export function formatCount(n: number): string {
  if (n >= 1e9) return `${round(n / 1e9, 1)} billion`;
  if (n >= 1e6) return `${round(n / 1e6, 1)} million`;
  return n.toLocaleString('en-US');
}

/** The template's blurb plus a sentence on delivery and one on size and coverage. */
export function describeListing(t: ListingTemplate): string {
  return `${t.blurb} ${FREQUENCY_TEXT[t.frequency]}, delivered ${DELIVERY_TEXT[t.delivery]} as ${FORMAT_TEXT[t.format]}. About ${formatCount(t.records)} records; coverage: ${t.coverage}.`;
}

/**
 * The provider's own instructions for their link. The data is on the provider's host, which a
 * DATA PIT key does not open: each provider hands out its own credential (docs/decisions.md, "A
 * listing delivered by the provider's link").
 */
export function accessInstructionsFor(t: ListingTemplate): string {
  switch (t.delivery) {
    case 'api':
      return 'After purchase we send you an API token through DATA PIT messages; send it as a bearer token to the endpoint above. Responses are paginated (cursor parameter); the rate limit is 600 requests per minute.';
    case 'stream':
      return 'Connect to the WebSocket endpoint above with the access token we send you through DATA PIT messages after purchase, then subscribe to the symbols or feeds you need. Reconnect with the last sequence number to resume without gaps.';
    case 's3':
      return 'Share your AWS account id with us through DATA PIT messages; we grant read access to the bucket prefix above within one business day. Files are partitioned by date.';
    case 'download':
      return 'Download the archive from the link above, signing in with the email address you bought with. Files are gzip-compressed; a README with the data dictionary is included.';
  }
}

export function sampleSizeFor(t: ListingTemplate, rows: number): string {
  return `${rows} sample rows (${t.format === 'api' ? 'JSON' : t.format.toUpperCase()}); full set ~${formatCount(t.records)} records`;
}

export const BID_MESSAGES = [
  'Happy to commit to a 12-month term if we can meet at this price.',
  'We are evaluating three vendors this quarter; this would put you at the top of the list.',
  'Budget for this project is fixed. Could you accept this offer for a first purchase?',
  'We only need the last two years of history. Would this work?',
  'Academic research use only, non-commercial. Would you consider this price?',
  'Looking to start with a pilot and expand to our whole team.',
  'Can close this week if accepted.',
];

export const REVIEW_TEXTS: Record<number, string[]> = {
  5: [
    'Exactly as described. Schema is clean and the data dictionary saved us days.',
    'Excellent coverage and very responsive provider. Already renewed.',
    'Loaded straight into our warehouse, zero cleaning needed.',
    'Best quality we have found for this segment. Highly recommended.',
    'Fast delivery and great documentation.',
  ],
  4: [
    'Solid data set. A few nulls in older records but documented.',
    'Good value. Would love a longer history, but the recent data is great.',
    'Accurate and timely. The API pagination took a moment to figure out.',
    'Very useful for our models; minor schema changes were announced in advance.',
  ],
  3: [
    'Decent, but coverage outside the main regions is thin.',
    'Data is fine; delivery took longer than expected.',
    'Does the job. Field naming could be more consistent.',
  ],
  2: ['Several gaps in the time series; support helped but it took a while.'],
};

export const CONVERSATION = [
  { from: 'buyer', text: 'Hi! Before we buy: does the order book history include the pre-market session, and how far back does it go?' },
  { from: 'provider', text: 'Hi Ava, yes, pre-market from 04:00 ET is included. History goes back to January 2021; older data is available on request.' },
  { from: 'buyer', text: 'Great, thanks. We will start with the monthly plan and probably move to annual after the pilot.' },
] as const;

export const SUPPORT_TICKETS = [
  {
    status: 'open' as const,
    priority: 'high' as const,
    subject: 'Download link returns 403 after renewal',
    messages: [{ from: 'user' as const, text: 'I renewed my subscription this morning, but the download endpoint now answers 403 for my API key. Could you check?' }],
  },
  {
    status: 'in_progress' as const,
    priority: 'medium' as const,
    subject: 'When are escrow funds released to providers?',
    messages: [
      { from: 'user' as const, text: 'A sale shows as escrowed since yesterday. When will the funds be released to my account?' },
      { from: 'admin' as const, text: 'Funds are released 24 hours after escrow starts unless the buyer opens a dispute. I am checking this payment for you now.' },
    ],
  },
];

/** The seeded dispute (on an escrowed sale of another buyer): what the administrator settles. */
export const DISPUTE = {
  reason: 'incomplete_data',
  description:
    'The delivery stops months short of the period the listing promises, and about a third of the rows have empty values in key columns. Please refund or send the complete extract.',
} as const;
