import { describe, expect, it } from 'vitest';
import { applicationInput as serverApplication, BUSINESS_TYPES } from '../../../../api/domain/diligence/diligence.schemas.ts';
import { applicationFromPrevious, applicationInput, emptyApplication, MESSAGES, validateApplication, type ApplicationValues } from './applicationRules.ts';

// The due diligence form's rules in the browser, and their
// agreement with the server's schema.

const valid: ApplicationValues = {
  ...emptyApplication(),
  legalBusinessName: 'Pit Data LLC',
  businessType: 'llc',
  businessAddress: '221 Market Street, San Francisco',
  businessEmail: 'ops@pit.example',
  businessPhone: '+1 415 555 0142',
  businessDescription: 'We run a retail panel of 2,000 stores and sell anonymised basket data.',
  businessWebsite: 'https://pit.example',
  dataTypes: ['Consumer behavior'],
  yearsInBusiness: '0',
  clientReferences: 'Acme\n\n Globex ',
  hasDataPrivacyPolicy: true,
  gdprCompliant: false,
  ccpaCompliant: true,
  hasUserConsent: true,
  hasDataProcessingAgreements: false,
};

describe('validateApplication', () => {
  it('names every rule of an empty form', () => {
    expect(validateApplication(emptyApplication(), BUSINESS_TYPES)).toEqual({
      legalBusinessName: MESSAGES.legalBusinessName,
      businessType: MESSAGES.businessType,
      businessAddress: MESSAGES.businessAddress,
      businessEmail: MESSAGES.businessEmail,
      businessPhone: MESSAGES.businessPhone,
      businessDescription: MESSAGES.businessDescription,
      dataTypes: 'Select at least one data type',
      hasDataPrivacyPolicy: MESSAGES.yesNo,
      gdprCompliant: MESSAGES.yesNo,
      ccpaCompliant: MESSAGES.yesNo,
      hasUserConsent: MESSAGES.yesNo,
      hasDataProcessingAgreements: MESSAGES.yesNo,
    });
  });

  it('passes a complete application; optional fields may stay empty', () => {
    expect(validateApplication(valid, BUSINESS_TYPES)).toEqual({});
    expect(validateApplication({ ...valid, businessWebsite: '', yearsInBusiness: '' }, BUSINESS_TYPES)).toEqual({});
  });

  it('checks the website and the years in business when given', () => {
    expect(validateApplication({ ...valid, businessWebsite: 'pit.example' }, BUSINESS_TYPES)).toEqual({ businessWebsite: MESSAGES.businessWebsite });
    expect(validateApplication({ ...valid, yearsInBusiness: '-1' }, BUSINESS_TYPES)).toEqual({ yearsInBusiness: MESSAGES.yearsInBusiness });
    expect(validateApplication({ ...valid, yearsInBusiness: '2.5' }, BUSINESS_TYPES)).toEqual({ yearsInBusiness: MESSAGES.yearsInBusiness });
  });

  it('an answered No is an answer', () => {
    expect(validateApplication({ ...valid, gdprCompliant: false }, BUSINESS_TYPES).gdprCompliant).toBeUndefined();
  });
});

describe('the browser and the server agree', () => {
  it('the server takes what the browser lets through, with the answers as given', () => {
    const parsed = serverApplication.safeParse(applicationInput(valid));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data).toMatchObject({ gdprCompliant: false, ccpaCompliant: true, hasDataProcessingAgreements: false, yearsInBusiness: 0, clientReferences: ['Acme', 'Globex'] });
  });

  const broken: [string, Partial<ApplicationValues>][] = [
    ['legalBusinessName', { legalBusinessName: 'A' }],
    ['businessType', { businessType: '' }],
    ['businessAddress', { businessAddress: 'Main St' }],
    ['businessEmail', { businessEmail: 'ops@' }],
    ['businessPhone', { businessPhone: '555 01' }],
    ['businessDescription', { businessDescription: 'Data.' }],
    ['businessWebsite', { businessWebsite: 'www.pit' }],
    ['dataTypes', { dataTypes: [] }],
  ];
  it.each(broken)('a broken %s gets the same message', (field, change) => {
    const values = { ...valid, ...change };
    const client = validateApplication(values, BUSINESS_TYPES);
    expect(Object.keys(client)).toEqual([field]);
    const server = serverApplication.safeParse(applicationInput(values));
    expect(server.success).toBe(false);
    expect(server.error!.issues.find((i) => i.path[0] === field)?.message).toBe(client[field as keyof typeof client]);
  });
});

describe('applicationFromPrevious', () => {
  const previous = {
    legalBusinessName: 'Pit Data LLC',
    businessType: 'llc',
    businessAddress: '221 Market Street, San Francisco',
    businessEmail: 'ops@pit.example',
    businessPhone: '+1 415 555 0142',
    businessDescription: 'We run a retail panel of 2,000 stores and sell anonymised basket data.',
    businessWebsite: null,
    revenueRange: 'under_100k',
    yearsInBusiness: 0,
    dataVolume: '2 TB',
    clientReferences: ['Acme', 'Globex'],
    dataTypes: ['Consumer behavior', 'Retired type'],
    complianceCertificates: ['SOC 2', 'Gone'],
    hasDataPrivacyPolicy: true,
    gdprCompliant: false,
    ccpaCompliant: true,
    hasUserConsent: true,
    hasDataProcessingAgreements: false,
  };
  const offered = { dataTypes: ['Consumer behavior'], certifications: ['SOC 2'] };

  it('fills the form with the rejected answers, blanks for what was not answered', () => {
    const values = applicationFromPrevious(previous, offered);
    expect(values).toMatchObject({ legalBusinessName: 'Pit Data LLC', businessWebsite: '', revenueRange: 'under_100k', employeeCount: '', yearsInBusiness: '0', dataVolume: '2 TB', taxId: '' });
    expect(values.clientReferences).toBe('Acme\nGlobex');
    expect(values).toMatchObject({ hasDataPrivacyPolicy: true, gdprCompliant: false, hasDataProcessingAgreements: false });
  });

  it('drops data types and certifications no longer offered', () => {
    const values = applicationFromPrevious(previous, offered);
    expect(values.dataTypes).toEqual(['Consumer behavior']);
    expect(values.complianceCertificates).toEqual(['SOC 2']);
  });

  it('gives answers the form sends back unchanged', () => {
    const values = applicationFromPrevious(previous, offered);
    expect(applicationInput(values)).toMatchObject({ legalBusinessName: 'Pit Data LLC', yearsInBusiness: 0, clientReferences: ['Acme', 'Globex'], businessWebsite: null });
  });
});
