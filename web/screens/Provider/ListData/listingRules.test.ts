import { describe, expect, it } from 'vitest';
import { listingInput as serverListing } from '../../../../api/domain/listings/listings.schemas.ts';
import {
  emptyListing,
  listingInput,
  parseDataFields,
  parseRecordCount,
  parseSampleData,
  validateListing,
  type ListingValues,
} from './listingRules.ts';

// The listing form's rules in the browser, and
// their agreement with the server's schema: what the browser lets through, the server takes, and a
// broken field gets the same message from both.

const valid: ListingValues = {
  ...emptyListing(),
  title: 'US Equities Level-2',
  description: 'Every quote of 500 US symbols at one-second resolution, with depth to ten levels.',
  category: 'financial',
  price: '499.99',
  dataFormat: 'csv',
  updateFrequency: 'daily',
  sampleSize: '5 rows',
  geographicCoverage: 'United States',
  dataSource: 'Consolidated tape, normalised',
  dataAccessType: 'both',
  dataAccessUrl: 'https://api.example.com/v1',
  recordCount: '1200',
  dataFields: 'symbol, bid\nask',
  sampleData: '[{"symbol":"AAPL","bid":189.2}]',
  complianceAcknowledged: true,
  qualityAcknowledged: true,
  legalAcknowledged: true,
};
const withFile = { hasFile: true, uploading: false };

describe('validateListing', () => {
  it('names every required field of an empty form with the spec texts', () => {
    expect(validateListing(emptyListing(), { hasFile: false, uploading: false })).toEqual({
      title: 'Title must be at least 5 characters',
      description: 'Description must be at least 50 characters',
      category: 'Category is required',
      price: 'Price is required',
      dataFormat: 'Data format is required',
      updateFrequency: 'Update frequency is required',
      sampleSize: 'Sample size is required',
      geographicCoverage: 'Geographic coverage is required',
      dataSource: 'Please describe your data source',
      dataAccessType: 'Please select how buyers will access the data',
      complianceAcknowledged: 'You must acknowledge compliance requirements',
      qualityAcknowledged: 'You must acknowledge data quality requirements',
      legalAcknowledged: 'You must acknowledge legal requirements',
    });
  });

  it('passes a complete listing', () => {
    expect(validateListing(valid, withFile)).toEqual({});
  });

  it('asks for the file and the link the access type needs', () => {
    const noFile = { hasFile: false, uploading: false };
    expect(validateListing({ ...valid, dataAccessType: 'file_upload', dataAccessUrl: '' }, noFile)).toEqual({ fileId: 'Please upload the data file' });
    expect(validateListing({ ...valid, dataAccessType: 'external_link', dataAccessUrl: '' }, noFile)).toEqual({ dataAccessUrl: 'Please give the data access URL' });
    expect(validateListing({ ...valid, dataAccessType: 'both', dataAccessUrl: '' }, noFile)).toEqual({
      fileId: 'Please upload the data file',
      dataAccessUrl: 'Please give the data access URL',
    });
    expect(validateListing(valid, { hasFile: false, uploading: true })).toEqual({ fileId: 'Please wait for the upload to finish' });
    expect(validateListing({ ...valid, dataAccessUrl: 'ftp://x.example' }, withFile)).toEqual({ dataAccessUrl: 'Data access URL must be an http(s) address' });
  });

  it('checks the price as a positive amount with at most two decimals', () => {
    expect(validateListing({ ...valid, price: '10.999' }, withFile).price).toBe('Price must be a number with at most two decimals');
    expect(validateListing({ ...valid, price: '0' }, withFile).price).toBe('Price must be greater than 0');
    expect(validateListing({ ...valid, price: '0.01' }, withFile).price).toBeUndefined();
  });
});

describe('the editable profile fields', () => {
  it('splits data fields on lines and commas, without blanks or repeats', () => {
    expect(parseDataFields(' a, b\n\nc ,a\n')).toEqual(['a', 'b', 'c']);
  });
  it('takes sample data as a JSON array of at most 50 objects', () => {
    expect(parseSampleData('')).toEqual({ ok: true, value: null });
    expect(parseSampleData('[{"a":1}]')).toEqual({ ok: true, value: [{ a: 1 }] });
    expect(parseSampleData('{')).toEqual({ ok: false, message: 'Sample data must be valid JSON' });
    expect(parseSampleData('[1, 2]')).toEqual({ ok: false, message: 'Sample data must be a JSON array of objects (one per row)' });
    expect(parseSampleData(JSON.stringify(Array.from({ length: 51 }, () => ({ a: 1 }))))).toEqual({ ok: false, message: 'At most 50 sample rows' });
  });
  it('takes the record count as a whole number of at least 0', () => {
    expect(parseRecordCount(' 42 ')).toEqual({ ok: true, value: 42 });
    expect(parseRecordCount('').ok).toBe(true);
    expect(parseRecordCount('-1').ok).toBe(false);
    expect(parseRecordCount('1.5').ok).toBe(false);
  });
});

describe('the browser and the server agree', () => {
  it('the server takes what the browser lets through', () => {
    const parsed = serverListing.safeParse(listingInput(valid, 'file-1'));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data).toMatchObject({ dataFields: ['symbol', 'bid', 'ask'], recordCount: 1200, sampleData: [{ symbol: 'AAPL', bid: 189.2 }] });
  });

  it('does not send a file or a link the access type does not use', () => {
    expect(listingInput({ ...valid, dataAccessType: 'file_upload' }, 'file-1')).toMatchObject({ fileId: 'file-1', dataAccessUrl: null, accessInstructions: null });
    expect(listingInput({ ...valid, dataAccessType: 'external_link' }, 'file-1')).toMatchObject({ fileId: null, dataAccessUrl: 'https://api.example.com/v1' });
  });

  const broken: [string, Partial<ListingValues>][] = [
    ['title', { title: 'abc' }],
    ['description', { description: 'too short' }],
    ['price', { price: '1.234' }],
    ['dataSource', { dataSource: 'tape' }],
    ['sampleSize', { sampleSize: ' ' }],
    ['geographicCoverage', { geographicCoverage: '' }],
    ['dataAccessUrl', { dataAccessUrl: 'ftp://x.example' }],
    ['complianceAcknowledged', { complianceAcknowledged: false }],
    ['qualityAcknowledged', { qualityAcknowledged: false }],
    ['legalAcknowledged', { legalAcknowledged: false }],
  ];
  it.each(broken)('a broken %s gets the same message', (field, change) => {
    const values = { ...valid, ...change };
    const client = validateListing(values, withFile);
    expect(Object.keys(client)).toEqual([field]);
    const server = serverListing.safeParse(listingInput(values, 'file-1'));
    expect(server.success).toBe(false);
    const issue = server.error!.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(client[field as keyof typeof client]);
  });
});
