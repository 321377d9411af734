import type { PublicListing } from './seo.ts';

/** A public listing as api/domain/market/seo.ts reads it, for the tests of what is built from it. */
export function listingFixture(over: Partial<PublicListing> = {}): PublicListing {
  return {
    id: '0196c4a0-0000-7000-8000-000000000001',
    title: 'Hourly Weather Observations',
    description: 'Temperature, wind and rainfall from 4,000 stations, every hour since 2015, cleaned and deduplicated.',
    status: 'active',
    categoryLabel: 'Other',
    dataFields: ['station_id', 'observed_at', 'temperature_c'],
    dataFormat: 'csv',
    filesHere: true,
    geographicCoverage: 'Europe',
    updateFrequency: 'hourly',
    pricingModel: 'one_time',
    price: '49.00',
    createdAt: new Date('2026-01-02T03:04:05Z'),
    publishedAt: new Date('2026-01-03T00:00:00Z'),
    updatedAt: new Date('2026-02-01T00:00:00Z'),
    provider: { name: 'Acme Weather' },
    ...over,
  };
}
