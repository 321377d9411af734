import type { Db } from '../../db/database.ts';

export interface ComplianceSummary {
  dueDiligencePending: number;
  dataListingsPending: number;
  approved: number;
  underReview: number;
  totalSellers: number;
}

/**
 * The five counters of /compliance-dashboard (the specification). 'Data listings
 * pending' counts pending_review listings only (the product decisions); 'total sellers' counts the users
 * who have applied to sell.
 */
export async function complianceSummary(db: Db): Promise<ComplianceSummary> {
  const [dueDiligencePending, dataListingsPending, approved, underReview, sellers] = await Promise.all([
    db.dueDiligenceApplication.count({ where: { status: 'submitted' } }),
    db.contract.count({ where: { status: 'pending_review' } }),
    db.dueDiligenceApplication.count({ where: { status: 'approved' } }),
    db.dueDiligenceApplication.count({ where: { status: 'under_review' } }),
    db.dueDiligenceApplication.groupBy({ by: ['userId'] }),
  ]);
  return { dueDiligencePending, dataListingsPending, approved, underReview, totalSellers: sellers.length };
}
