// The due diligence form's rules, checked in the browser before sending (the server checks the
// same rules again). Every yes/no compliance answer is asked, none pre-answered
// (docs/decisions.md 'Applying').

/** The yes/no compliance questions, in the order they are asked. */
export const YES_NO_QUESTIONS = [
  { key: 'hasDataPrivacyPolicy', question: 'Do you have a published data privacy policy?' },
  { key: 'gdprCompliant', question: 'Are you GDPR compliant?' },
  { key: 'ccpaCompliant', question: 'Are you CCPA compliant?' },
  { key: 'hasUserConsent', question: 'Do you have user consent for the data you sell?' },
  { key: 'hasDataProcessingAgreements', question: 'Do you have data processing agreements in place?' },
] as const;

export type YesNoKey = (typeof YES_NO_QUESTIONS)[number]['key'];

/** Free-text answers, as typed (all optional except the business ones). */
export type TextKey =
  | 'legalBusinessName'
  | 'businessType'
  | 'businessAddress'
  | 'businessEmail'
  | 'businessPhone'
  | 'businessDescription'
  | 'businessWebsite'
  | 'revenueRange'
  | 'employeeCount'
  | 'yearsInBusiness'
  | 'dataSources'
  | 'dataCollectionMethods'
  | 'dataVolume'
  | 'dataFrequency'
  | 'dataStorageSecurity'
  | 'dataTransferSecurity'
  | 'businessRegistrationNumber'
  | 'taxId'
  | 'consentDocumentation'
  | 'dataQualityMetrics'
  | 'dataValidationProcess'
  | 'businessLicense'
  | 'insuranceCertificate'
  | 'clientReferences';

export type ApplicationValues = Record<TextKey, string> & {
  dataTypes: string[];
  complianceCertificates: string[];
} & Record<YesNoKey, boolean | null>;

export type ApplicationField = keyof ApplicationValues;
export type ApplicationErrors = Partial<Record<ApplicationField, string>>;

export function emptyApplication(): ApplicationValues {
  return {
    legalBusinessName: '',
    businessType: '',
    businessAddress: '',
    businessEmail: '',
    businessPhone: '',
    businessDescription: '',
    businessWebsite: '',
    revenueRange: '',
    employeeCount: '',
    yearsInBusiness: '',
    dataSources: '',
    dataCollectionMethods: '',
    dataVolume: '',
    dataFrequency: '',
    dataStorageSecurity: '',
    dataTransferSecurity: '',
    businessRegistrationNumber: '',
    taxId: '',
    consentDocumentation: '',
    dataQualityMetrics: '',
    dataValidationProcess: '',
    businessLicense: '',
    insuranceCertificate: '',
    clientReferences: '',
    dataTypes: [],
    complianceCertificates: [],
    hasDataPrivacyPolicy: null,
    gdprCompliant: null,
    ccpaCompliant: null,
    hasUserConsent: null,
    hasDataProcessingAgreements: null,
  };
}

/** A rejected application's answers as the server sends them. */
export type PreviousApplication = {
  readonly [K in 'legalBusinessName' | 'businessType' | 'businessAddress' | 'businessEmail' | 'businessPhone' | 'businessDescription']: string;
} & {
  readonly [K in Exclude<TextKey, 'legalBusinessName' | 'businessType' | 'businessAddress' | 'businessEmail' | 'businessPhone' | 'businessDescription' | 'yearsInBusiness' | 'clientReferences'>]?: string | null;
} & {
  readonly yearsInBusiness?: number | null;
  readonly clientReferences: readonly string[];
  readonly dataTypes: readonly string[];
  readonly complianceCertificates: readonly string[];
} & { readonly [K in YesNoKey]: boolean };

/**
 * A rejected application's answers as the starting point of the next one. Data types and
 * certifications the server no longer offers are dropped; the yes/no answers are kept as given.
 */
export function applicationFromPrevious(p: PreviousApplication, offered: { dataTypes: readonly string[]; certifications: readonly string[] }): ApplicationValues {
  const text = (v: string | null | undefined) => v ?? '';
  return {
    ...emptyApplication(),
    legalBusinessName: p.legalBusinessName,
    businessType: p.businessType,
    businessAddress: p.businessAddress,
    businessEmail: p.businessEmail,
    businessPhone: p.businessPhone,
    businessDescription: p.businessDescription,
    businessWebsite: text(p.businessWebsite),
    revenueRange: text(p.revenueRange),
    employeeCount: text(p.employeeCount),
    yearsInBusiness: p.yearsInBusiness == null ? '' : String(p.yearsInBusiness),
    dataTypes: p.dataTypes.filter((t) => offered.dataTypes.includes(t)),
    complianceCertificates: p.complianceCertificates.filter((c) => offered.certifications.includes(c)),
    hasDataPrivacyPolicy: p.hasDataPrivacyPolicy,
    gdprCompliant: p.gdprCompliant,
    ccpaCompliant: p.ccpaCompliant,
    hasUserConsent: p.hasUserConsent,
    hasDataProcessingAgreements: p.hasDataProcessingAgreements,
    dataSources: text(p.dataSources),
    dataCollectionMethods: text(p.dataCollectionMethods),
    dataVolume: text(p.dataVolume),
    dataFrequency: text(p.dataFrequency),
    dataStorageSecurity: text(p.dataStorageSecurity),
    dataTransferSecurity: text(p.dataTransferSecurity),
    businessRegistrationNumber: text(p.businessRegistrationNumber),
    taxId: text(p.taxId),
    consentDocumentation: text(p.consentDocumentation),
    dataQualityMetrics: text(p.dataQualityMetrics),
    dataValidationProcess: text(p.dataValidationProcess),
    businessLicense: text(p.businessLicense),
    insuranceCertificate: text(p.insuranceCertificate),
    clientReferences: p.clientReferences.join('\n'),
  };
}

/** The name of each field as the form labels it (the missing-answers list beside Submit). */
export const FIELD_LABELS: Partial<Record<ApplicationField, string>> = {
  legalBusinessName: 'Legal business name',
  businessType: 'Business type',
  businessAddress: 'Business address',
  businessEmail: 'Contact email',
  businessPhone: 'Contact phone',
  businessDescription: 'Business description (50+ characters)',
  businessWebsite: 'Website',
  yearsInBusiness: 'Years in business',
  dataTypes: 'At least one data type',
  hasDataPrivacyPolicy: 'Privacy policy question',
  gdprCompliant: 'GDPR question',
  ccpaCompliant: 'CCPA question',
  hasUserConsent: 'User consent question',
  hasDataProcessingAgreements: 'Data processing agreements question',
};

export const MESSAGES = {
  legalBusinessName: 'Business name must be at least 2 characters',
  businessType: 'Business type is required',
  businessAddress: 'Business address must be at least 10 characters',
  businessEmail: 'Please enter a valid contact email',
  businessPhone: 'Phone number must be at least 10 characters',
  businessDescription: 'Business description must be at least 50 characters',
  businessWebsite: 'Website must be a valid URL (https://...) or empty',
  dataTypes: 'Select at least one data type',
  yearsInBusiness: 'Years in business must be a whole number of at least 0',
  yesNo: 'Please answer Yes or No',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// the server's rule: http(s), a host with a dot, no spaces
const WEBSITE = /^https?:\/\/[^\s.]+\.[^\s]+$/i;

/** Every broken rule with its message; empty when the application can be sent. */
export function validateApplication(v: ApplicationValues, businessTypes: readonly string[]): ApplicationErrors {
  const e: ApplicationErrors = {};
  if (v.legalBusinessName.trim().length < 2) e.legalBusinessName = MESSAGES.legalBusinessName;
  if (!businessTypes.includes(v.businessType)) e.businessType = MESSAGES.businessType;
  if (v.businessAddress.trim().length < 10) e.businessAddress = MESSAGES.businessAddress;
  if (!EMAIL.test(v.businessEmail.trim())) e.businessEmail = MESSAGES.businessEmail;
  if (v.businessPhone.trim().length < 10) e.businessPhone = MESSAGES.businessPhone;
  if (v.businessDescription.trim().length < 50) e.businessDescription = MESSAGES.businessDescription;
  const website = v.businessWebsite.trim();
  if (website && !WEBSITE.test(website)) e.businessWebsite = MESSAGES.businessWebsite;
  if (v.dataTypes.length === 0) e.dataTypes = MESSAGES.dataTypes;
  const years = v.yearsInBusiness.trim();
  if (years && !/^\d{1,3}$/.test(years)) e.yearsInBusiness = MESSAGES.yearsInBusiness;
  for (const { key } of YES_NO_QUESTIONS) if (v[key] === null) e[key] = MESSAGES.yesNo;
  return e;
}

const optional = (s: string) => (s.trim() ? s.trim() : null);

/** The mutation's input (DueDiligenceApplicationInput) from valid form values. */
export function applicationInput(v: ApplicationValues) {
  return {
    legalBusinessName: v.legalBusinessName.trim(),
    businessType: v.businessType,
    businessAddress: v.businessAddress.trim(),
    businessEmail: v.businessEmail.trim(),
    businessPhone: v.businessPhone.trim(),
    businessDescription: v.businessDescription.trim(),
    businessWebsite: optional(v.businessWebsite),
    dataTypes: v.dataTypes,
    revenueRange: v.revenueRange || null,
    employeeCount: v.employeeCount || null,
    yearsInBusiness: v.yearsInBusiness.trim() ? Number(v.yearsInBusiness.trim()) : null,
    complianceCertificates: v.complianceCertificates,
    hasDataPrivacyPolicy: v.hasDataPrivacyPolicy === true,
    gdprCompliant: v.gdprCompliant === true,
    ccpaCompliant: v.ccpaCompliant === true,
    hasUserConsent: v.hasUserConsent === true,
    hasDataProcessingAgreements: v.hasDataProcessingAgreements === true,
    dataSources: optional(v.dataSources),
    dataCollectionMethods: optional(v.dataCollectionMethods),
    dataVolume: optional(v.dataVolume),
    dataFrequency: optional(v.dataFrequency),
    dataStorageSecurity: optional(v.dataStorageSecurity),
    dataTransferSecurity: optional(v.dataTransferSecurity),
    businessRegistrationNumber: optional(v.businessRegistrationNumber),
    taxId: optional(v.taxId),
    consentDocumentation: optional(v.consentDocumentation),
    dataQualityMetrics: optional(v.dataQualityMetrics),
    dataValidationProcess: optional(v.dataValidationProcess),
    businessLicense: optional(v.businessLicense),
    insuranceCertificate: optional(v.insuranceCertificate),
    // one reference per line
    clientReferences: v.clientReferences
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

/** Labels of the server's option values (the values themselves come from diligenceOptions). */
export const BUSINESS_TYPE_LABELS: Record<string, string> = {
  individual: 'Individual / sole proprietor',
  llc: 'LLC',
  corporation: 'Corporation',
  partnership: 'Partnership',
  nonprofit: 'Non-profit',
};

export const REVENUE_RANGE_LABELS: Record<string, string> = {
  under_100k: 'Under $100K',
  '100k_500k': '$100K – $500K',
  '500k_1m': '$500K – $1M',
  '1m_5m': '$1M – $5M',
  over_5m: 'Over $5M',
};

export const EMPLOYEE_COUNT_LABELS: Record<string, string> = {
  '1': '1 (just me)',
  '2_10': '2 – 10',
  '11_50': '11 – 50',
  '51_200': '51 – 200',
  over_200: 'Over 200',
};

/** A server field error's path ('clientReferences.2') as the form field it belongs to. */
export function formFieldOf(path: string): ApplicationField | null {
  const head = path.split('.')[0] ?? '';
  return head in emptyApplication() ? (head as ApplicationField) : null;
}
