// The listing form's rules, checked in the browser before sending (the server checks them again
// with the same messages).

export const ACCESS_TYPES = [
  { value: 'file_upload', label: 'File upload', description: 'Upload the data file; buyers download it with their API key after payment.' },
  { value: 'external_link', label: 'External link', description: 'Buyers get a URL you host and your access instructions.' },
  { value: 'both', label: 'Both', description: 'An uploaded file and an external link (e.g. a live API beside a snapshot).' },
] as const;

export type AccessType = (typeof ACCESS_TYPES)[number]['value'];

export const DATA_FORMATS = [
  { value: 'json', label: 'JSON' },
  { value: 'csv', label: 'CSV' },
  { value: 'xml', label: 'XML' },
  { value: 'api', label: 'API' },
  { value: 'database', label: 'Database' },
  { value: 'other', label: 'Other' },
];

export const UPDATE_FREQUENCIES = [
  { value: 'realtime', label: 'Real-time' },
  { value: 'hourly', label: 'Hourly' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'static', label: 'Static (no updates)' },
];

export const PRICING_MODELS = [
  { value: 'one_time', label: 'One-time purchase' },
  { value: 'monthly_subscription', label: 'Monthly subscription (30 days)' },
  { value: 'annual_subscription', label: 'Annual subscription (365 days)' },
];

export const DELIVERY_METHODS = [
  { value: 'download', label: 'Download' },
  { value: 'api', label: 'API' },
  { value: 'stream', label: 'Stream' },
  { value: 's3', label: 'S3 bucket' },
];

export const ACKNOWLEDGMENTS = [
  {
    key: 'complianceAcknowledged',
    label: 'Compliance',
    text: 'This data complies with applicable privacy law (GDPR, CCPA) and was collected with the consent it needs.',
    message: 'You must acknowledge compliance requirements',
  },
  {
    key: 'qualityAcknowledged',
    label: 'Data quality',
    text: 'The data is accurate, as complete as described and matches the sample shown to buyers.',
    message: 'You must acknowledge data quality requirements',
  },
  {
    key: 'legalAcknowledged',
    label: 'Legal',
    text: 'I have the legal right to sell this data and accept the DATA PIT provider terms.',
    message: 'You must acknowledge legal requirements',
  },
] as const;

export type AckKey = (typeof ACKNOWLEDGMENTS)[number]['key'];

export type ListingValues = {
  title: string;
  description: string;
  category: string;
  /** as typed in the number input */
  price: string;
  pricingModel: string;
  dataFormat: string;
  updateFrequency: string;
  sampleSize: string;
  geographicCoverage: string;
  dataSource: string;
  dataAccessType: AccessType | '';
  dataAccessUrl: string;
  accessInstructions: string;
  deliveryMethod: string;
  isEnterprise: boolean;
  /** editable text; parsed on submit */
  recordCount: string;
  dataFields: string;
  sampleData: string;
} & Record<AckKey, boolean>;

/** Form fields, plus `fileId` (the upload) which is not a text field. */
export type ListingField = keyof ListingValues | 'fileId';
export type ListingErrors = Partial<Record<ListingField, string>>;

export function emptyListing(): ListingValues {
  return {
    title: '',
    description: '',
    category: '',
    price: '',
    pricingModel: 'one_time',
    dataFormat: '',
    updateFrequency: '',
    sampleSize: '',
    geographicCoverage: '',
    dataSource: '',
    dataAccessType: '',
    dataAccessUrl: '',
    accessInstructions: '',
    deliveryMethod: '',
    isEnterprise: false,
    recordCount: '',
    dataFields: '',
    sampleData: '',
    complianceAcknowledged: false,
    qualityAcknowledged: false,
    legalAcknowledged: false,
  };
}

export const needsFile = (t: ListingValues['dataAccessType']) => t === 'file_upload' || t === 'both';
export const needsLink = (t: ListingValues['dataAccessType']) => t === 'external_link' || t === 'both';

/** 'a, b\nc' -> ['a', 'b', 'c']: one per line or comma separated, blanks and repeats dropped. */
export function parseDataFields(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** The sample data textarea: empty, or a JSON array of at most 50 row objects. */
export function parseSampleData(text: string): Parsed<Record<string, unknown>[] | null> {
  if (!text.trim()) return { ok: true, value: null };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: 'Sample data must be valid JSON' };
  }
  if (!Array.isArray(json) || !json.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r))) {
    return { ok: false, message: 'Sample data must be a JSON array of objects (one per row)' };
  }
  if (json.length > 50) return { ok: false, message: 'At most 50 sample rows' };
  return { ok: true, value: json as Record<string, unknown>[] };
}

/** The record count box: empty, or a whole number of at least 0. */
export function parseRecordCount(text: string): Parsed<number | null> {
  const t = text.trim();
  if (!t) return { ok: true, value: null };
  if (!/^\d+$/.test(t) || Number(t) > 2_147_483_647) return { ok: false, message: 'Record count must be a whole number of at least 0' };
  return { ok: true, value: Number(t) };
}

const PRICE = /^\d{1,10}(\.\d{1,2})?$/;
const URL_RULE = /^https?:\/\/\S+$/i;

export type FileState = { hasFile: boolean; uploading: boolean };

/** Every broken rule with its message; empty when the listing can be sent. */
export function validateListing(v: ListingValues, file: FileState): ListingErrors {
  const e: ListingErrors = {};
  if (v.title.trim().length < 5) e.title = 'Title must be at least 5 characters';
  if (v.description.trim().length < 50) e.description = 'Description must be at least 50 characters';
  if (!v.category) e.category = 'Category is required';
  const price = v.price.trim();
  if (!price) e.price = 'Price is required';
  else if (!PRICE.test(price)) e.price = 'Price must be a number with at most two decimals';
  else if (Number(price) <= 0) e.price = 'Price must be greater than 0';
  if (!v.dataFormat) e.dataFormat = 'Data format is required';
  if (!v.updateFrequency) e.updateFrequency = 'Update frequency is required';
  if (!v.sampleSize.trim()) e.sampleSize = 'Sample size is required';
  if (!v.geographicCoverage.trim()) e.geographicCoverage = 'Geographic coverage is required';
  if (v.dataSource.trim().length < 10) e.dataSource = 'Please describe your data source';
  if (!v.dataAccessType) e.dataAccessType = 'Please select how buyers will access the data';
  if (needsFile(v.dataAccessType)) {
    if (file.uploading) e.fileId = 'Please wait for the upload to finish';
    else if (!file.hasFile) e.fileId = 'Please upload the data file';
  }
  const url = v.dataAccessUrl.trim();
  if (needsLink(v.dataAccessType) && !url) e.dataAccessUrl = 'Please give the data access URL';
  else if (url && !URL_RULE.test(url)) e.dataAccessUrl = 'Data access URL must be an http(s) address';
  const records = parseRecordCount(v.recordCount);
  if (!records.ok) e.recordCount = records.message;
  if (parseDataFields(v.dataFields).some((f) => f.length > 100)) e.dataFields = 'Each field name must be at most 100 characters';
  const sample = parseSampleData(v.sampleData);
  if (!sample.ok) e.sampleData = sample.message;
  for (const a of ACKNOWLEDGMENTS) if (!v[a.key]) e[a.key] = a.message;
  return e;
}

const optional = (s: string) => (s.trim() ? s.trim() : null);

/** The mutation's ListingInput from valid form values. */
export function listingInput(v: ListingValues, fileId: string | null) {
  const records = parseRecordCount(v.recordCount);
  const sample = parseSampleData(v.sampleData);
  const fields = parseDataFields(v.dataFields);
  const file = needsFile(v.dataAccessType);
  const link = needsLink(v.dataAccessType);
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    category: v.category,
    price: v.price.trim(),
    pricingModel: v.pricingModel || null,
    dataFormat: v.dataFormat,
    updateFrequency: v.updateFrequency,
    sampleSize: v.sampleSize.trim(),
    geographicCoverage: v.geographicCoverage.trim(),
    dataSource: v.dataSource.trim(),
    dataAccessType: v.dataAccessType,
    // a link or a file the chosen access type does not use is not sent
    dataAccessUrl: link ? optional(v.dataAccessUrl) : null,
    accessInstructions: link ? optional(v.accessInstructions) : null,
    fileId: file ? fileId : null,
    deliveryMethod: v.deliveryMethod || null,
    isEnterprise: v.isEnterprise,
    recordCount: records.ok ? records.value : null,
    dataFields: fields.length ? fields : null,
    sampleData: sample.ok ? sample.value : null,
    complianceAcknowledged: v.complianceAcknowledged,
    qualityAcknowledged: v.qualityAcknowledged,
    legalAcknowledged: v.legalAcknowledged,
  };
}

/** A server field error's path ('sampleData.3.name') as the form field it belongs to. */
export function formFieldOf(path: string): ListingField | null {
  const head = path.split('.')[0] ?? '';
  return head === 'fileId' || head in emptyListing() ? (head as ListingField) : null;
}
