// How the listing form starts and what an upload fills in: pure, tested without a browser.
import { emptyListing, type AccessType, type ListingValues } from './listingRules.ts';
import type { DataProfile, UploadedFile } from '../../shared/upload/uploadFile.ts';

/** A listing being edited, as the server sends it. */
export type ListingToEdit = {
  readonly title: string;
  readonly description: string;
  readonly category: string;
  readonly price: string;
  readonly pricingModel: string;
  readonly dataFormat: string;
  readonly updateFrequency: string;
  readonly sampleSize?: string | null;
  readonly geographicCoverage?: string | null;
  readonly dataSource?: string | null;
  readonly dataAccessType: string;
  readonly dataAccessUrl?: string | null;
  readonly accessInstructions?: string | null;
  readonly deliveryMethod?: string | null;
  readonly isEnterprise: boolean;
  readonly recordCount?: number | null;
  readonly dataFields: readonly string[];
  readonly sampleData?: unknown;
  readonly complianceAcknowledged: boolean;
  readonly qualityAcknowledged: boolean;
  readonly legalAcknowledged: boolean;
  readonly files?: readonly { readonly fileId: string; readonly fileName: string; readonly contentType: string; readonly size: number; readonly sha256: string; readonly profile?: unknown }[] | null;
};

/** The form's answers for a listing being edited (rejected or waiting for review). */
export function listingFromContract(c: ListingToEdit): ListingValues {
  const sample = Array.isArray(c.sampleData) && c.sampleData.length ? JSON.stringify(c.sampleData, null, 2) : '';
  return {
    ...emptyListing(),
    title: c.title,
    description: c.description,
    category: c.category,
    price: c.price,
    pricingModel: c.pricingModel,
    dataFormat: c.dataFormat,
    updateFrequency: c.updateFrequency,
    sampleSize: c.sampleSize ?? '',
    geographicCoverage: c.geographicCoverage ?? '',
    dataSource: c.dataSource ?? '',
    dataAccessType: c.dataAccessType as AccessType,
    dataAccessUrl: c.dataAccessUrl ?? '',
    accessInstructions: c.accessInstructions ?? '',
    deliveryMethod: c.deliveryMethod ?? '',
    isEnterprise: c.isEnterprise,
    recordCount: c.recordCount == null ? '' : String(c.recordCount),
    dataFields: c.dataFields.join('\n'),
    sampleData: sample,
    complianceAcknowledged: c.complianceAcknowledged,
    qualityAcknowledged: c.qualityAcknowledged,
    legalAcknowledged: c.legalAcknowledged,
  };
}

/** The listing's stored file, as the upload answered it. */
export function fileOfListing(c: Pick<ListingToEdit, 'files'> | null | undefined): UploadedFile | null {
  const f = c?.files?.[0];
  if (!f) return null;
  return { id: f.fileId, fileName: f.fileName, size: f.size, sha256: f.sha256, contentType: f.contentType, profile: (f.profile as DataProfile | null) ?? null };
}

/** Which profile answers the uploaded file filled in (each stays editable). */
export type FilledFromFile = Partial<Record<'recordCount' | 'dataFields' | 'sampleData', boolean>>;

/** A sample row with its keys in the file's column order (stored JSON may come back reordered). */
export function inFieldOrder(row: Record<string, unknown>, profile: DataProfile): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const f of profile.fields) if (f.name in row) ordered[f.name] = row[f.name];
  for (const [k, v] of Object.entries(row)) if (!(k in ordered)) ordered[k] = v;
  return ordered;
}

/** The answers an upload's profile fills: only those the provider left empty, and at most 50 sample rows. */
export function fillFromProfile(values: ListingValues, profile: DataProfile | null): { values: ListingValues; filled: FilledFromFile } {
  let next = values;
  const filled: FilledFromFile = {};
  if (!profile) return { values: next, filled };
  if (!values.recordCount.trim() && Number.isFinite(profile.recordCount)) {
    next = { ...next, recordCount: String(profile.recordCount) };
    filled.recordCount = true;
  }
  if (!values.dataFields.trim() && profile.fields.length) {
    next = { ...next, dataFields: profile.fields.map((f) => f.name).join('\n') };
    filled.dataFields = true;
  }
  if (!values.sampleData.trim() && profile.sampleRows.length) {
    next = { ...next, sampleData: JSON.stringify(profile.sampleRows.slice(0, 50).map((row) => inFieldOrder(row, profile)), null, 2) };
    filled.sampleData = true;
  }
  return { values: next, filled };
}
