import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Yoga } from '../graphql/yoga.ts';
import { json, jsonList, operation, respondWithGraphQLErrors, respondWithResult, runOperation, type MutationResult, type ClientIp } from './execute.ts';
import { jsonError, readJsonObject } from './respond.ts';
import { isOwnerOrAdmin } from '../domain/policies.ts';
import { z } from 'zod';
import { body, documentedAs, readBody } from './openapi/describe.ts';
import { ApplicationAnswer } from './openapi/shapes.ts';
import { applicationInput } from '../domain/diligence/diligence.schemas.ts';
import { TOTAL_HEADER } from './page-links.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Due diligence');

const ApplicationBody = applicationInput.partial().extend({ userId: z.string().nullish().describe('If sent, it must be the signed-in user.') }).loose();
const ReviewBody = body({
  status: z.enum(['under_review', 'requires_clarification', 'approved', 'rejected'], {
    error: 'Invalid status: use under_review, requires_clarification, approved or rejected',
  }),
  reviewNotes: z.string().nullish(),
  rejectionReason: z.string().nullish(),
});

// REST compatibility for due diligence (the specification).

const APPLICATION_FIELDS = `applicationId userId status legalBusinessName businessName businessType businessAddress businessEmail
  businessPhone businessWebsite businessDescription dataTypes revenueRange employeeCount yearsInBusiness complianceCertificates
  hasDataPrivacyPolicy gdprCompliant ccpaCompliant hasUserConsent hasDataProcessingAgreements dataSources dataCollectionMethods
  dataVolume dataFrequency dataStorageSecurity dataTransferSecurity businessRegistrationNumber taxId consentDocumentation
  dataQualityMetrics dataValidationProcess businessLicense insuranceCertificate clientReferences reviewNotes rejectionReason
  submittedAt reviewedAt`;
const ERROR_FIELDS = `__typename ... on Error { message code reason ... on ValidationError { fieldErrors { field message } } }`;

interface ApplicationNode {
  applicationId: string;
  userId: string;
  status: string;
  user?: { userId: string; name: string };
  [field: string]: unknown;
}

const SUBMIT = operation<MutationResult<'submitApplication', ApplicationNode>>(`mutation RestSubmitApplication($input: DueDiligenceApplicationInput!) {
  submitApplication(input: $input) { ${ERROR_FIELDS} ... on MutationSubmitApplicationSuccess { data { ${APPLICATION_FIELDS} } } } }`);
const REVIEW = operation<MutationResult<'reviewApplication', ApplicationNode>>(`mutation RestReviewApplication($input: ReviewApplicationInput!) {
  reviewApplication(input: $input) { ${ERROR_FIELDS} ... on MutationReviewApplicationSuccess { data { ${APPLICATION_FIELDS} } } } }`);
const OF_USER = operation<{ node: { latestApplication?: ApplicationNode | null } | null }>(`query RestApplicationOfUser($id: ID!) { node(id: $id) { ... on User { latestApplication { ${APPLICATION_FIELDS} } } } }`);
const STATUS = operation<{ viewer: { userId: string; isAdmin: boolean; dueDiligenceStatus: string | null; latestApplication: ApplicationNode | null } | null }>(`query RestDiligenceStatus { viewer { userId isAdmin dueDiligenceStatus latestApplication { ${APPLICATION_FIELDS} } } }`);
const ALL = operation<{ applications: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: Array<{ node: ApplicationNode }> } }>(`query RestApplications($after: String) { applications(first: 100, after: $after) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { ${APPLICATION_FIELDS} user { userId name } } } } }`);

function restApplication(a: ApplicationNode) {
  const { applicationId, user, ...rest } = a;
  return { id: applicationId, ...rest, ...(user ? { applicantName: user.name } : {}) };
}

// The application form's field names are accepted beside the stored names.
const ALIASES: Record<string, string> = {
  businessName: 'legalBusinessName',
  contactEmail: 'businessEmail',
  contactPhone: 'businessPhone',
  website: 'businessWebsite',
  certifications: 'complianceCertificates',
};
const FIELDS = [
  'legalBusinessName', 'businessType', 'businessAddress', 'businessEmail', 'businessPhone', 'businessDescription', 'businessWebsite',
  'dataTypes', 'revenueRange', 'employeeCount', 'yearsInBusiness', 'complianceCertificates', 'hasDataPrivacyPolicy', 'gdprCompliant',
  'ccpaCompliant', 'hasUserConsent', 'hasDataProcessingAgreements', 'dataSources', 'dataCollectionMethods', 'dataVolume', 'dataFrequency',
  'dataStorageSecurity', 'dataTransferSecurity', 'businessRegistrationNumber', 'taxId', 'consentDocumentation', 'dataQualityMetrics',
  'dataValidationProcess', 'businessLicense', 'insuranceCertificate', 'clientReferences',
] as const;
const REQUIRED_STRINGS = ['legalBusinessName', 'businessType', 'businessAddress', 'businessEmail', 'businessPhone', 'businessDescription'];

function applicationVariables(body: Record<string, unknown>) {
  const input: Record<string, unknown> = {};
  for (const [alias, name] of Object.entries(ALIASES)) if (body[name] === undefined && body[alias] !== undefined) body[name] = body[alias];
  for (const key of FIELDS) if (body[key] !== undefined && body[key] !== '') input[key] = body[key];
  if (typeof input.yearsInBusiness === 'string' && /^\d+$/.test(input.yearsInBusiness)) input.yearsInBusiness = Number(input.yearsInBusiness);
  // Missing required text goes to the domain as '' so its rule names what is missing.
  for (const key of REQUIRED_STRINGS) input[key] ??= '';
  input.dataTypes ??= [];
  return input;
}


export function diligenceRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.post('/', doc({
    access: 'signed-in',
    tokenScopes: ['listings'],
    summary: 'Apply to become a provider (due diligence)',
    description: "The form's names `businessName`, `contactEmail`, `contactPhone`, `website` and `certifications` are accepted beside the stored names.",
    body: ApplicationBody,
    answers: { 201: ApplicationAnswer },
    errors: [403, 409],
  }), async (c) => {
    const body = await readJsonObject(c);
    const status = await runOperation(yoga, c, clientIp(c), STATUS);
    // A token without `listings` is refused here (403 INSUFFICIENT_SCOPE), not taken for a visitor.
    if (status.errors?.length) return respondWithGraphQLErrors(c, status.errors, status.data);
    const me = status.data?.viewer;
    if (!me) return jsonError(c, 'LOGIN_REQUIRED', 'Please log in to apply');
    if (body.userId !== undefined && body.userId !== null && String(body.userId) !== me.userId) return jsonError(c, 'NOT_OWNER', 'userId must be the logged-in user');
    const missingAnswer = ['hasDataPrivacyPolicy', 'gdprCompliant', 'ccpaCompliant', 'hasUserConsent', 'hasDataProcessingAgreements'].find((k) => typeof body[k] !== 'boolean');
    if (missingAnswer) return jsonError(c, 'INVALID_INPUT', `Invalid application: please answer ${missingAnswer} (true or false)`);
    const result = await runOperation(yoga, c, clientIp(c), SUBMIT, { input: applicationVariables(body) });
    return respondWithResult(c, result, 'submitApplication', (data) => json(c, restApplication(data), 201));
  });

  r.get('/status', doc({
    access: 'signed-in',
    tokenScopes: ['listings'],
    summary: "The signed-in user's due-diligence status and latest application",
    answers: { 200: z.object({ status: z.string().nullable(), isAdmin: z.boolean(), application: ApplicationAnswer.nullable() }) },
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), STATUS);
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const me = result.data?.viewer;
    if (!me) return jsonError(c, 'LOGIN_REQUIRED', 'Authentication required');
    return json(c, { status: me.dueDiligenceStatus, isAdmin: me.isAdmin, application: me.latestApplication ? restApplication(me.latestApplication) : null });
  });

  r.get('/user/:userId', doc({
    access: 'signed-in',
    tokenScopes: 'session-only',
    summary: "A user's latest application (one's own; administrators any)",
    answers: { 200: ApplicationAnswer },
    errors: [403, 404],
  }), async (c) => {
    const id = encodeGlobalID('User', c.req.param('userId'));
    const result = await runOperation(yoga, c, clientIp(c), OF_USER, { id });
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    if (!result.context.viewer) return jsonError(c, 'LOGIN_REQUIRED', 'Authentication required');
    const user = result.data?.node;
    if (!user || user.latestApplication === undefined) return jsonError(c, 'NOT_FOUND', 'No application found');
    if (user.latestApplication === null) {
      const self = isOwnerOrAdmin(result.context.viewer, c.req.param('userId'));
      return self ? jsonError(c, 'NOT_FOUND', 'No application found') : jsonError(c, 'NOT_OWNER', 'You can only read your own application');
    }
    return json(c, restApplication(user.latestApplication));
  });

  r.get('/', doc({
    access: 'admin',
    tokenScopes: ['admin'],
    summary: 'Every application, newest first',
    answers: { 200: { description: 'The newest 1,000 applications; X-Total-Count says how many there are', schema: z.array(ApplicationAnswer), headers: TOTAL_HEADER } },
  }), async (c) => {
    const items: unknown[] = [];
    let total = 0;
    let after: string | undefined;
    // Every application, newest first, page by page (administrators only).
    for (;;) {
      const result = await runOperation(yoga, c, clientIp(c), ALL, { after });
      if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
      const page = result.data!.applications;
      total = page.totalCount;
      items.push(...page.edges.map((e) => restApplication(e.node)));
      if (!page.pageInfo.hasNextPage || items.length >= 1000) break;
      after = page.pageInfo.endCursor ?? undefined;
    }
    // At most the newest 1,000; X-Total-Count says how many there are.
    return jsonList(c, items, total);
  });

  r.patch('/:id', doc({
    access: 'admin',
    tokenScopes: ['admin'],
    summary: 'Review an application',
    body: ReviewBody,
    example: { status: 'approved', reviewNotes: 'Documents verified' },
    answers: { 200: ApplicationAnswer },
    errors: [404, 409],
  }), async (c) => {
    const body = await readBody(c, ReviewBody);
    const input = { applicationId: c.req.param('id'), status: body.status, reviewNotes: body.reviewNotes ?? null, rejectionReason: body.rejectionReason ?? null };
    const result = await runOperation(yoga, c, clientIp(c), REVIEW, { input });
    return respondWithResult(c, result, 'reviewApplication', (data) => json(c, restApplication(data)));
  });

  return r;
}
