// A contract as REST shows it (the specification; the back office's shape of
// the specification), shared by the market and listing routes: the public shape for
// everyone, the back-office shape for the listing's provider and administrators.
import { isOwnerOrAdmin } from '../domain/policies.ts';

export const CONTRACT_FIELDS = `
  contractId title description category categoryLabel ticker status price marketPrice
  priceChange24h { change percent } pricingModel updateFrequency recordCount fieldCount dataFormat
  deliveryMethod sampleSize geographicCoverage dataSource dataAccessType sampleData dataFields isEnterprise
  salesCount highestBid openBidCount createdAt delayedSince onTimeRecord { onTime periods }
  provider { userId name profileImage rating reviewCount completedSales isVerifiedProvider memberSince }`;

/** Resolve to null for anyone but the provider and administrators (api/graphql/listing.ts). */
export const BACK_OFFICE_ONLY_FIELDS = `reviewNotes rejectionReason reviewedAt dataAccessUrl accessInstructions
  files { fileId fileName contentType size sha256 downloadUrl }`;

export const BACK_OFFICE_FIELDS = `${CONTRACT_FIELDS} ${BACK_OFFICE_ONLY_FIELDS}`;

export interface ContractNode {
  contractId: string;
  title: string;
  description: string;
  category: string;
  categoryLabel: string;
  ticker: string;
  status: string;
  price: string;
  marketPrice: string;
  priceChange24h: { change: string; percent: number } | null;
  pricingModel: string;
  updateFrequency: string;
  recordCount: number | null;
  fieldCount: number | null;
  dataFormat: string;
  deliveryMethod: string | null;
  sampleSize: string | null;
  geographicCoverage: string | null;
  dataSource: string | null;
  dataAccessType: string;
  sampleData: unknown;
  dataFields: string[];
  isEnterprise: boolean;
  salesCount: number;
  highestBid: string | null;
  openBidCount: number;
  createdAt: string;
  /** The freshness promise (docs/decisions.md "Issue 26: the freshness promise"). */
  delayedSince: string | null;
  onTimeRecord: { onTime: number; periods: number } | null;
  provider: {
    userId: string;
    name: string;
    profileImage: string | null;
    rating: number | null;
    reviewCount: number;
    completedSales: number;
    isVerifiedProvider: boolean;
    memberSince: string;
  };
}

export interface DataFileNode {
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  downloadUrl: string;
}

export interface BackOfficeContractNode extends ContractNode {
  reviewNotes: string | null;
  rejectionReason: string | null;
  reviewedAt: string | null;
  dataAccessUrl: string | null;
  accessInstructions: string | null;
  files: DataFileNode[] | null;
}

/** The public shape: `id` is the plain id; provider.isVerified as the spec names it. */
export function restContract(node: ContractNode) {
  const { contractId, provider, ...rest } = node;
  const { userId, isVerifiedProvider, ...p } = provider;
  return { id: contractId, ...rest, providerId: userId, provider: { id: userId, ...p, isVerified: isVerifiedProvider } };
}

/** The back-office shape: the public one plus review notes, access details and the file. */
export function restListing(node: BackOfficeContractNode) {
  const { files, ...rest } = node;
  const file = files?.[0];
  return {
    ...restContract(rest),
    providerName: rest.provider?.name ?? null,
    fileName: file?.fileName ?? null,
    fileSize: file?.size ?? null,
    dataFileUrl: file?.downloadUrl ?? null,
    files: files ?? null,
  };
}

/** A node read with the back-office fields, shown to whoever asked: back office or public shape. */
export function restContractFor(viewer: { id: string; isAdmin: boolean } | null, node: BackOfficeContractNode) {
  if (isOwnerOrAdmin(viewer, node.provider.userId)) return restListing(node);
  const { reviewNotes, rejectionReason, reviewedAt, dataAccessUrl, accessInstructions, files, ...publicNode } = node;
  return restContract(publicNode);
}
