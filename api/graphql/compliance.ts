import { builder } from './builder.ts';
import { complianceSummary, type ComplianceSummary } from '../domain/admin/compliance.summary.ts';

const ComplianceSummaryType = builder.objectRef<ComplianceSummary>('ComplianceSummary').implement({
  fields: (t) => ({
    dueDiligencePending: t.exposeInt('dueDiligencePending', { description: 'Applications with status submitted.' }),
    dataListingsPending: t.exposeInt('dataListingsPending', { description: 'Listings with status pending_review.' }),
    approved: t.exposeInt('approved'),
    underReview: t.exposeInt('underReview'),
    totalSellers: t.exposeInt('totalSellers', { description: 'Users who have applied to sell.' }),
  }),
});

builder.queryField('complianceSummary', (t) =>
  t.field({
    type: ComplianceSummaryType,
    nullable: true,
    description: 'Administrators only; null for anyone else.',
    authScopes: { admin: true },
    unauthorizedResolver: () => null,
    resolve: (_root, _args, ctx) => complianceSummary(ctx.db),
  }),
);
