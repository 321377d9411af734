import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { UserType } from './user.ts';
import { plainId } from './global-ids.ts';
import { ApplicationStatus } from '../db/generated/prisma/enums.ts';
import {
  employeeCountLabel,
  latestApplication,
  revenueRangeLabel,
  reviewApplication,
  submitApplication,
} from '../domain/diligence/diligence.service.ts';
import { APPLICATION_MACHINE } from '../domain/diligence/diligence.machine.ts';
import { isOwnerOrAdmin } from '../domain/policies.ts';
import { nextStatuses } from '../domain/transitions/transition.ts';
import { BUSINESS_TYPES, CERTIFICATIONS, DATA_TYPES, EMPLOYEE_COUNTS, REVENUE_RANGES } from '../domain/diligence/diligence.schemas.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, ValidationError } from '../domain/errors.ts';

// Due diligence (the specification; the product decisions).

export const ApplicationStatusEnum = builder.enumType(ApplicationStatus, { name: 'ApplicationStatus' });

builder.prismaNode('DueDiligenceApplication', {
  id: { field: 'id' },
  // The applicant and administrators only.
  authScopes: (a, ctx) => isOwnerOrAdmin(ctx.viewer, a.userId),
  fields: (t) => ({
    applicationId: t.exposeString('id'),
    userId: t.exposeString('userId'),
    status: t.expose('status', { type: ApplicationStatusEnum }),
    nextStatuses: t.field({
      type: [ApplicationStatusEnum],
      description: 'The statuses a review may move this application to next (the application machine).',
      resolve: (a) => [...nextStatuses(APPLICATION_MACHINE, a.status)],
    }),
    legalBusinessName: t.exposeString('legalBusinessName'),
    businessName: t.exposeString('legalBusinessName', { description: 'The same as legalBusinessName (the status page names it so).' }),
    businessType: t.exposeString('businessType'),
    businessAddress: t.exposeString('businessAddress'),
    businessEmail: t.exposeString('businessEmail'),
    businessPhone: t.exposeString('businessPhone'),
    businessWebsite: t.exposeString('businessWebsite', { nullable: true }),
    businessDescription: t.exposeString('businessDescription'),
    dataTypes: t.exposeStringList('dataTypes'),
    revenueRange: t.string({ nullable: true, resolve: (a) => revenueRangeLabel(a.revenueRange) }),
    employeeCount: t.string({ nullable: true, resolve: (a) => employeeCountLabel(a.employeeCount) }),
    yearsInBusiness: t.exposeInt('yearsInBusiness', { nullable: true }),
    complianceCertificates: t.exposeStringList('complianceCertificates'),
    hasDataPrivacyPolicy: t.exposeBoolean('hasDataPrivacyPolicy'),
    gdprCompliant: t.exposeBoolean('gdprCompliant'),
    ccpaCompliant: t.exposeBoolean('ccpaCompliant'),
    hasUserConsent: t.exposeBoolean('hasUserConsent'),
    hasDataProcessingAgreements: t.exposeBoolean('hasDataProcessingAgreements'),
    dataSources: t.exposeString('dataSources', { nullable: true }),
    dataCollectionMethods: t.exposeString('dataCollectionMethods', { nullable: true }),
    dataVolume: t.exposeString('dataVolume', { nullable: true }),
    dataFrequency: t.exposeString('dataFrequency', { nullable: true }),
    dataStorageSecurity: t.exposeString('dataStorageSecurity', { nullable: true }),
    dataTransferSecurity: t.exposeString('dataTransferSecurity', { nullable: true }),
    businessRegistrationNumber: t.exposeString('businessRegistrationNumber', { nullable: true }),
    taxId: t.exposeString('taxId', { nullable: true }),
    consentDocumentation: t.exposeString('consentDocumentation', { nullable: true }),
    dataQualityMetrics: t.exposeString('dataQualityMetrics', { nullable: true }),
    dataValidationProcess: t.exposeString('dataValidationProcess', { nullable: true }),
    businessLicense: t.exposeString('businessLicense', { nullable: true }),
    insuranceCertificate: t.exposeString('insuranceCertificate', { nullable: true }),
    clientReferences: t.exposeStringList('clientReferences'),
    reviewNotes: t.exposeString('reviewNotes', { nullable: true }),
    rejectionReason: t.exposeString('rejectionReason', { nullable: true }),
    submittedAt: t.expose('submittedAt', { type: 'DateTime' }),
    reviewedAt: t.expose('reviewedAt', { type: 'DateTime', nullable: true }),
    user: t.relation('user'),
    reviewedBy: t.relation('reviewedBy', { nullable: true }),
  }),
});

const DiligenceOptions = builder.objectRef<Record<string, readonly string[]>>('DiligenceOptions').implement({
  description: 'The choices the application form offers.',
  fields: (t) => ({
    dataTypes: t.stringList({ resolve: () => [...DATA_TYPES] }),
    certifications: t.stringList({ resolve: () => [...CERTIFICATIONS] }),
    businessTypes: t.stringList({ resolve: () => [...BUSINESS_TYPES] }),
    revenueRanges: t.stringList({ resolve: () => [...REVENUE_RANGES] }),
    employeeCounts: t.stringList({ resolve: () => [...EMPLOYEE_COUNTS] }),
  }),
});

builder.prismaObjectFields(UserType, (t) => ({
  latestApplication: t.prismaField({
    type: 'DueDiligenceApplication',
    nullable: true,
    description: 'The latest due diligence application (the user and administrators only).',
    authScopes: (user, _args, ctx) => isOwnerOrAdmin(ctx.viewer, user.id),
    unauthorizedResolver: () => null,
    resolve: (query, user, _args, ctx) => latestApplication(ctx.db, ctx.viewer, user.id).then((a) => (a ? ctx.db.dueDiligenceApplication.findUnique({ ...selectable(query), where: { id: a.id } }) : null)),
  }),
}));

builder.queryFields((t) => ({
  diligenceOptions: t.field({ type: DiligenceOptions, resolve: () => ({}) }),
  applications: t.prismaConnection({
    type: 'DueDiligenceApplication',
    cursor: 'id',
    description: 'Every application, newest first (administrators).',
    authScopes: { admin: true },
    args: { status: t.arg({ type: ApplicationStatusEnum }) },
    totalCount: (_root, args, ctx) => ctx.db.dueDiligenceApplication.count({ where: args.status ? { status: args.status } : {} }),
    resolve: (query, _root, args, ctx) =>
      ctx.db.dueDiligenceApplication.findMany({ ...selectable(query), where: args.status ? { status: args.status } : {}, orderBy: [{ submittedAt: 'desc' }, { id: 'desc' }] }),
  }),
}));

const ApplicationInput = builder.inputType('DueDiligenceApplicationInput', {
  fields: (t) => ({
    legalBusinessName: t.string({ required: true }),
    businessType: t.string({ required: true, description: BUSINESS_TYPES.join(', ') }),
    businessAddress: t.string({ required: true }),
    businessEmail: t.string({ required: true }),
    businessPhone: t.string({ required: true }),
    businessDescription: t.string({ required: true }),
    businessWebsite: t.string(),
    dataTypes: t.stringList({ required: true, description: 'Among the 12 data type labels (diligenceOptions.dataTypes).' }),
    revenueRange: t.string({ description: REVENUE_RANGES.join(', ') }),
    employeeCount: t.string({ description: EMPLOYEE_COUNTS.join(', ') }),
    yearsInBusiness: t.int(),
    complianceCertificates: t.stringList(),
    hasDataPrivacyPolicy: t.boolean({ required: true }),
    gdprCompliant: t.boolean({ required: true }),
    ccpaCompliant: t.boolean({ required: true }),
    hasUserConsent: t.boolean({ required: true }),
    hasDataProcessingAgreements: t.boolean({ required: true }),
    dataSources: t.string(),
    dataCollectionMethods: t.string(),
    dataVolume: t.string(),
    dataFrequency: t.string(),
    dataStorageSecurity: t.string(),
    dataTransferSecurity: t.string(),
    businessRegistrationNumber: t.string(),
    taxId: t.string(),
    consentDocumentation: t.string(),
    dataQualityMetrics: t.string(),
    dataValidationProcess: t.string(),
    businessLicense: t.string(),
    insuranceCertificate: t.string(),
    clientReferences: t.stringList(),
  }),
});

const ReviewApplicationInput = builder.inputType('ReviewApplicationInput', {
  fields: (t) => ({
    applicationId: t.id({ required: true }),
    status: t.field({ type: ApplicationStatusEnum, required: true }),
    reviewNotes: t.string(),
    rejectionReason: t.string(),
  }),
});

builder.mutationFields((t) => ({
  submitApplication: t.prismaField({
    type: 'DueDiligenceApplication',
    errors: { types: [ValidationError, AuthenticationError, ConflictError] },
    args: { input: t.arg({ type: ApplicationInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const application = await submitApplication(ctx.services, ctx.viewer, input);
      return ctx.db.dueDiligenceApplication.findUniqueOrThrow({ ...selectable(query), where: { id: application.id } });
    },
  }),
  reviewApplication: t.prismaField({
    type: 'DueDiligenceApplication',
    errors: { types: [ValidationError, AuthenticationError, PermissionError, NotFoundError, ConflictError] },
    args: { input: t.arg({ type: ReviewApplicationInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const { applicationId, ...review } = input;
      const application = await reviewApplication(ctx.services, ctx.viewer, plainId(String(applicationId), 'DueDiligenceApplication'), review);
      return ctx.db.dueDiligenceApplication.findUniqueOrThrow({ ...selectable(query), where: { id: application.id } });
    },
  }),
}));
