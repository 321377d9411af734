import { describe, expect, it } from 'vitest';
import { fileOfListing, fillFromProfile, inFieldOrder, listingFromContract, type ListingToEdit } from './listingFormRules.ts';
import { emptyListing } from './listingRules.ts';
import type { DataProfile } from '../../shared/upload/uploadFile.ts';

const profile: DataProfile = {
  recordCount: 1200,
  fields: [
    { name: 'symbol', type: 'string', nullShare: 0 },
    { name: 'price', type: 'number', nullShare: 0 },
  ],
  sampleRows: Array.from({ length: 60 }, (_, i) => ({ price: i, symbol: `S${i}` })),
};

describe('fillFromProfile', () => {
  it('fills the empty profile answers from the upload, sample rows in the file column order, at most 50', () => {
    const { values, filled } = fillFromProfile(emptyListing(), profile);
    expect(filled).toEqual({ recordCount: true, dataFields: true, sampleData: true });
    expect(values.recordCount).toBe('1200');
    expect(values.dataFields).toBe('symbol\nprice');
    const rows = JSON.parse(values.sampleData) as Record<string, unknown>[];
    expect(rows).toHaveLength(50);
    expect(Object.keys(rows[0]!)).toEqual(['symbol', 'price']);
  });

  it('keeps what the provider typed', () => {
    const typed = { ...emptyListing(), recordCount: '7', dataFields: 'a', sampleData: '[]' };
    expect(fillFromProfile(typed, profile)).toEqual({ values: typed, filled: {} });
  });

  it('fills nothing from an upload without a profile', () => {
    expect(fillFromProfile(emptyListing(), null)).toEqual({ values: emptyListing(), filled: {} });
  });
});

describe('inFieldOrder', () => {
  it('puts the file columns first, in order, and keeps keys the profile does not name', () => {
    expect(Object.keys(inFieldOrder({ extra: 1, price: 2, symbol: 'A' }, profile))).toEqual(['symbol', 'price', 'extra']);
  });
});

describe('listingFromContract', () => {
  const contract: ListingToEdit = {
    title: 'US Equities Level-2',
    description: 'Every quote.',
    category: 'financial',
    price: '499.99',
    pricingModel: 'one_time',
    dataFormat: 'csv',
    updateFrequency: 'daily',
    sampleSize: null,
    dataAccessType: 'both',
    dataAccessUrl: 'https://api.example.com',
    isEnterprise: true,
    recordCount: 1200,
    dataFields: ['symbol', 'price'],
    sampleData: [{ symbol: 'A', price: 1 }],
    complianceAcknowledged: true,
    qualityAcknowledged: true,
    legalAcknowledged: false,
    files: [{ fileId: 'f1', fileName: 'q.csv', contentType: 'text/csv', size: 10, sha256: 'abc', profile: null }],
  };

  it('gives the answers of a listing being edited, blanks for what it lacks', () => {
    const values = listingFromContract(contract);
    expect(values).toMatchObject({ title: 'US Equities Level-2', sampleSize: '', geographicCoverage: '', recordCount: '1200', dataFields: 'symbol\nprice', isEnterprise: true, legalAcknowledged: false });
    expect(JSON.parse(values.sampleData)).toEqual([{ symbol: 'A', price: 1 }]);
    expect(listingFromContract({ ...contract, sampleData: [], recordCount: null }).sampleData).toBe('');
  });

  it('gives its stored file as the upload answered it, or none', () => {
    expect(fileOfListing(contract)).toEqual({ id: 'f1', fileName: 'q.csv', size: 10, sha256: 'abc', contentType: 'text/csv', profile: null });
    expect(fileOfListing({ files: [] })).toBeNull();
    expect(fileOfListing(null)).toBeNull();
  });
});
