import { z } from 'zod';

// The due diligence application form as the specification sends it (product decision "Due
// diligence": every yes/no answer asked, none pre-filled).

/** The 12 data types, as labels (REST takes them as written here). */
export const DATA_TYPES = [
  'Financial & market',
  'Consumer behavior',
  'Healthcare',
  'Geolocation',
  'Social media',
  'E-commerce & retail',
  'Real estate',
  'Transportation & mobility',
  'Energy & utilities',
  'Entertainment & media',
  'Education',
  'Technology & web analytics',
] as const;

export const CERTIFICATIONS = ['SOC 2 Type II', 'ISO 27001', 'GDPR', 'HIPAA', 'PCI DSS', 'CCPA', 'FedRAMP', 'NIST'] as const;
export const BUSINESS_TYPES = ['individual', 'llc', 'corporation', 'partnership', 'nonprofit'] as const;
export const REVENUE_RANGES = ['under_100k', '100k_500k', '500k_1m', '1m_5m', 'over_5m'] as const;
export const EMPLOYEE_COUNTS = ['1', '2_10', '11_50', '51_200', 'over_200'] as const;

/** The yes/no compliance questions; every one is asked of the applicant, none pre-answered. */
export const COMPLIANCE_QUESTIONS = [
  'hasDataPrivacyPolicy',
  'gdprCompliant',
  'ccpaCompliant',
  'hasUserConsent',
  'hasDataProcessingAgreements',
] as const;

const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

const yesNo = (label: string) => z.boolean({ error: `Please answer: ${label}` });

export const applicationInput = z.object({
  legalBusinessName: z.string({ error: 'Business name must be at least 2 characters' }).trim().min(2, 'Business name must be at least 2 characters').max(200),
  businessType: z.enum(BUSINESS_TYPES, { error: 'Business type is required' }),
  businessAddress: z.string({ error: 'Business address must be at least 10 characters' }).trim().min(10, 'Business address must be at least 10 characters').max(500),
  businessEmail: z.string({ error: 'Please enter a valid contact email' }).trim().pipe(z.email('Please enter a valid contact email')),
  businessPhone: z.string({ error: 'Phone number must be at least 10 characters' }).trim().min(10, 'Phone number must be at least 10 characters').max(40),
  businessDescription: z
    .string({ error: 'Business description must be at least 50 characters' })
    .trim()
    .min(50, 'Business description must be at least 50 characters')
    .max(5000),
  businessWebsite: z
    .string()
    .trim()
    .optional()
    .nullable()
    .refine((v) => !v || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), 'Website must be a valid URL (https://...) or empty')
    .transform((v) => (v ? v : null)),
  dataTypes: z
    .array(z.enum(DATA_TYPES, { error: `Data types must be among: ${DATA_TYPES.join(', ')}` }), { error: 'Select at least one data type' })
    .min(1, 'Select at least one data type')
    .transform((v) => [...new Set(v)]),
  revenueRange: z.enum(REVENUE_RANGES, { error: `Revenue range must be one of ${REVENUE_RANGES.join(', ')}` }).optional().nullable(),
  employeeCount: z.enum(EMPLOYEE_COUNTS, { error: `Employee count must be one of ${EMPLOYEE_COUNTS.join(', ')}` }).optional().nullable(),
  yearsInBusiness: z.number({ error: 'Years in business must be a number' }).int('Years in business must be a whole number').min(0, 'Years in business must be at least 0').max(500).optional().nullable(),
  complianceCertificates: z
    .array(z.enum(CERTIFICATIONS, { error: `Certifications must be among: ${CERTIFICATIONS.join(', ')}` }))
    .optional()
    .nullable()
    .transform((v) => [...new Set(v ?? [])]),
  hasDataPrivacyPolicy: yesNo('do you have a data privacy policy?'),
  gdprCompliant: yesNo('are you GDPR compliant?'),
  ccpaCompliant: yesNo('are you CCPA compliant?'),
  hasUserConsent: yesNo('do you have user consent for the data?'),
  hasDataProcessingAgreements: yesNo('do you have data processing agreements?'),
  dataSources: optionalText(),
  dataCollectionMethods: optionalText(),
  dataVolume: optionalText(200),
  dataFrequency: optionalText(200),
  dataStorageSecurity: optionalText(),
  dataTransferSecurity: optionalText(),
  businessRegistrationNumber: optionalText(100),
  taxId: optionalText(100),
  consentDocumentation: optionalText(),
  dataQualityMetrics: optionalText(),
  dataValidationProcess: optionalText(),
  businessLicense: optionalText(200),
  insuranceCertificate: optionalText(200),
  clientReferences: z
    .array(z.string().trim().min(1).max(300))
    .max(20, 'At most 20 client references')
    .optional()
    .nullable()
    .transform((v) => v ?? []),
});

export type ApplicationInput = z.output<typeof applicationInput>;

export const reviewInput = z
  .object({
    status: z.enum(['under_review', 'requires_clarification', 'approved', 'rejected'], {
      error: 'Invalid status: use under_review, requires_clarification, approved or rejected',
    }),
    reviewNotes: optionalText(2000),
    rejectionReason: optionalText(2000),
  });
