import { useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { FieldError } from '../../../components/fieldStyles.ts';
import { Panel } from '../../../components/Panel.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { useSession } from '../../../session/useSession.ts';
import type { ApplicationForm_options$key } from '../../../__generated__/ApplicationForm_options.graphql.ts';
import type { ApplicationForm_previous$data, ApplicationForm_previous$key } from '../../../__generated__/ApplicationForm_previous.graphql.ts';
import { ChoiceGrid, FieldGrid, Group, Lead, Stack, SubmitBar, SubmitNote } from '../shared/FormLayout.tsx';
import { humanize } from '../../../format/labels.ts';
import {
  applicationInput,
  BUSINESS_TYPE_LABELS,
  EMPLOYEE_COUNT_LABELS,
  emptyApplication,
  formFieldOf,
  MESSAGES,
  REVENUE_RANGE_LABELS,
  validateApplication,
  YES_NO_QUESTIONS,
  type ApplicationErrors,
  type ApplicationField,
  type ApplicationValues,
  type TextKey,
} from './applicationRules.ts';
import { useSubmitApplicationMutation } from './SubmitApplicationMutation.ts';
import { MissingItems } from './MissingItems.tsx';
import { YesNoQuestion } from './YesNoQuestion.tsx';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Questions = styled.div`
  display: flex;
  flex-direction: column;
  margin-bottom: 16px;
  padding: 0 12px;
  background: ${({ theme }) => theme.colors.bg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const GroupError = styled(FieldError)`
  margin-top: 8px;
`;

const Count = styled.span<{ $ok: boolean }>`
  font-family: ${({ theme }) => theme.fonts.mono};
  color: ${({ theme, $ok }) => ($ok ? theme.colors.up : theme.colors.textDim)};
`;

const options = (values: readonly string[], labels: Record<string, string>) => values.map((v) => ({ value: v, label: labels[v] ?? humanize(v) }));

/** A rejected application's answers as the starting point of the next one. */
function fromPrevious(p: ApplicationForm_previous$data, dataTypes: readonly string[], certifications: readonly string[]): ApplicationValues {
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
    dataTypes: p.dataTypes.filter((t) => dataTypes.includes(t)),
    complianceCertificates: p.complianceCertificates.filter((c) => certifications.includes(c)),
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

export type ApplicationFormProps = {
  options: ApplicationForm_options$key;
  /** a rejected application: its answers are filled in, to be corrected */
  previous?: ApplicationForm_previous$key | null;
  /** the application was accepted: show the status page */
  onSubmitted: () => void;
};

/**
 * The due diligence application: every field the API takes, with its rules checked as typed, and
 * every yes/no compliance answer asked explicitly (docs/decisions.md 'Applying').
 */
export function ApplicationForm({ options: optionsKey, previous: previousKey = null, onSubmitted }: ApplicationFormProps) {
  const opts = useFragment(
    graphql`
      fragment ApplicationForm_options on DiligenceOptions {
        dataTypes
        certifications
        businessTypes
        revenueRanges
        employeeCounts
      }
    `,
    optionsKey,
  );
  const previous = useFragment(
    graphql`
      fragment ApplicationForm_previous on DueDiligenceApplication {
        legalBusinessName
        businessType
        businessAddress
        businessEmail
        businessPhone
        businessDescription
        businessWebsite
        revenueRange
        employeeCount
        yearsInBusiness
        dataTypes
        complianceCertificates
        hasDataPrivacyPolicy
        gdprCompliant
        ccpaCompliant
        hasUserConsent
        hasDataProcessingAgreements
        dataSources
        dataCollectionMethods
        dataVolume
        dataFrequency
        dataStorageSecurity
        dataTransferSecurity
        businessRegistrationNumber
        taxId
        consentDocumentation
        dataQualityMetrics
        dataValidationProcess
        businessLicense
        insuranceCertificate
        clientReferences
      }
    `,
    previousKey,
  );
  const { toast } = useToast();
  const { refreshSession } = useSession();
  const [commit, inFlight] = useSubmitApplicationMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const [values, setValues] = useState<ApplicationValues>(() =>
    previous ? fromPrevious(previous, opts.dataTypes, opts.certifications) : emptyApplication(),
  );
  const [errors, setErrors] = useState<ApplicationErrors>({});
  const [attempted, setAttempted] = useState(false);
  const noDataType = values.dataTypes.length === 0;
  // what is still missing, live, for the list beside Submit
  const missing = validateApplication(values, opts.businessTypes);
  const missingCount = Object.keys(missing).length;

  function update(next: ApplicationValues, changed: ApplicationField) {
    setValues(next);
    // after a first submit, messages follow the answers as they are fixed
    if (attempted) setErrors(validateApplication(next, opts.businessTypes));
    else if (errors[changed]) {
      setErrors((current) => {
        const rest = { ...current };
        delete rest[changed];
        return rest;
      });
    }
  }

  const text = (key: TextKey) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => update({ ...values, [key]: e.target.value }, key),
  });

  function toggle(key: 'dataTypes' | 'complianceCertificates', item: string, on: boolean) {
    const list = on ? [...values[key], item] : values[key].filter((x) => x !== item);
    update({ ...values, [key]: list }, key);
  }

  function focusFirstError() {
    requestAnimationFrame(() => {
      const el = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      el?.scrollIntoView({ block: 'center' });
      el?.focus({ preventScroll: true });
    });
  }

  /** Focuses a field named in the missing-answers list (its first checkbox or radio for a group). */
  function goTo(field: ApplicationField) {
    const el = formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`);
    el?.scrollIntoView({ block: 'center' });
    el?.focus({ preventScroll: true });
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight) return;
    setAttempted(true);
    const found = validateApplication(values, opts.businessTypes);
    setErrors(found);
    if (noDataType) {
      toast({ variant: 'destructive', title: 'Data Types Required', description: MESSAGES.dataTypes });
      return;
    }
    if (Object.keys(found).length) {
      focusFirstError();
      return;
    }

    commit({
      variables: { input: applicationInput(values) },
      onCompleted: ({ submitApplication: r }) => {
        if (r.__typename === 'MutationSubmitApplicationSuccess') {
          toast({
            title: 'Application Submitted',
            description: 'Your due diligence application was submitted. Review takes 2-5 business days.',
          });
          // the header and every screen reading the session see the new status
          refreshSession().catch((error: unknown) => console.warn('Could not refresh the session', error));
          onSubmitted();
          return;
        }
        const serverErrors: ApplicationErrors = {};
        for (const fe of r.fieldErrors ?? []) {
          const field = formFieldOf(fe.field);
          if (field && !serverErrors[field]) serverErrors[field] = fe.message;
        }
        setErrors(serverErrors);
        if (Object.keys(serverErrors).length) focusFirstError();
        const message = r.message ?? '';
        // Due diligence: the data types first, then any other invalid answer, else the message
        // (branching on the error's field and reason, never on its message's words)
        if (serverErrors.dataTypes) {
          toast({ variant: 'destructive', title: 'Data Types Required', description: MESSAGES.dataTypes });
        } else if (r.reason === 'INVALID_INPUT') {
          toast({ variant: 'destructive', title: 'Validation Error', description: 'Please check all required fields are filled correctly' });
        } else {
          toast({ variant: 'destructive', title: 'Submission Failed', description: message || 'Failed to submit application' });
        }
      },
      onError: (error) => {
        console.warn('submitApplication failed', error);
        toast({ variant: 'destructive', title: 'Submission Failed', description: 'Failed to submit application' });
      },
    });
  }

  const descriptionLength = values.businessDescription.trim().length;

  return (
    <Form ref={formRef} onSubmit={submit} noValidate aria-label="Due diligence application">
      <Stack>
        <Panel title="Business">
          <FieldGrid>
            <TextField label="Legal business name" autoComplete="organization" maxLength={200} {...text('legalBusinessName')} />
            <SelectField
              label="Business type"
              placeholder="Select business type"
              options={options(opts.businessTypes, BUSINESS_TYPE_LABELS)}
              {...text('businessType')}
            />
            <TextField
              className="full"
              label="Business address"
              autoComplete="street-address"
              placeholder="Street, city, postal code, country"
              maxLength={500}
              {...text('businessAddress')}
            />
            <TextField label="Contact email" type="email" inputMode="email" autoComplete="email" spellCheck={false} maxLength={254} {...text('businessEmail')} />
            <TextField label="Contact phone" type="tel" inputMode="tel" autoComplete="tel" placeholder="+1 555 010 2030" maxLength={40} {...text('businessPhone')} />
            <TextField
              label="Website"
              type="url"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder="https://…"
              hint="Optional"
              maxLength={500}
              {...text('businessWebsite')}
            />
            <TextField label="Years in business" type="number" inputMode="numeric" min={0} step={1} hint="Optional" {...text('yearsInBusiness')} />
            <SelectField
              label="Annual revenue"
              placeholder="Prefer not to say"
              hint="Optional"
              options={options(opts.revenueRanges, REVENUE_RANGE_LABELS)}
              {...text('revenueRange')}
            />
            <SelectField
              label="Employees"
              placeholder="Prefer not to say"
              hint="Optional"
              options={options(opts.employeeCounts, EMPLOYEE_COUNT_LABELS)}
              {...text('employeeCount')}
            />
            <TextAreaField
              className="full"
              label="Business description"
              rows={4}
              maxLength={5000}
              placeholder="What your business does, who your customers are and how the data is produced"
              hint={
                <>
                  <Count $ok={descriptionLength >= 50}>{descriptionLength}</Count> / 50 characters minimum
                </>
              }
              {...text('businessDescription')}
            />
          </FieldGrid>
        </Panel>

        <Panel title="Data you will sell">
          <Group className="data-types" aria-describedby={errors.dataTypes ? 'data-types-error' : undefined}>
            <legend>Data types</legend>
            <ChoiceGrid $min={210} aria-invalid={errors.dataTypes ? true : undefined}>
              {opts.dataTypes.map((t) => (
                <Checkbox key={t} name="dataTypes" value={t} label={t} checked={values.dataTypes.includes(t)} onChange={(e) => toggle('dataTypes', t, e.target.checked)} />
              ))}
            </ChoiceGrid>
            {errors.dataTypes && (
              <GroupError id="data-types-error" role="alert">
                {errors.dataTypes}
              </GroupError>
            )}
          </Group>
          <FieldGrid style={{ marginTop: 16 }}>
            <TextAreaField label="Data sources" rows={3} maxLength={2000} hint="Optional · where the data comes from" {...text('dataSources')} />
            <TextAreaField label="Collection methods" rows={3} maxLength={2000} hint="Optional · APIs, panels, sensors, partners…" {...text('dataCollectionMethods')} />
            <TextField label="Data volume" placeholder="e.g. 40M rows / 2 TB" hint="Optional" maxLength={200} {...text('dataVolume')} />
            <TextField label="Update frequency" placeholder="e.g. daily" hint="Optional" maxLength={200} {...text('dataFrequency')} />
            <TextAreaField label="Data quality metrics" rows={3} maxLength={2000} hint="Optional · completeness, accuracy, freshness" {...text('dataQualityMetrics')} />
            <TextAreaField label="Validation process" rows={3} maxLength={2000} hint="Optional · how records are checked" {...text('dataValidationProcess')} />
          </FieldGrid>
        </Panel>

        <Panel title="Compliance">
          <Lead>Answer every question. Your answers are reviewed with your documentation; nothing is answered for you.</Lead>
          <Questions>
            {YES_NO_QUESTIONS.map((q) => (
              <YesNoQuestion
                key={q.key}
                name={q.key}
                question={q.question}
                value={values[q.key]}
                onChange={(answer) => update({ ...values, [q.key]: answer }, q.key)}
                error={errors[q.key]}
              />
            ))}
          </Questions>
          <Group>
            <legend>Certifications (optional)</legend>
            <ChoiceGrid $min={160}>
              {opts.certifications.map((c) => (
                <Checkbox
                  key={c}
                  name="complianceCertificates"
                  value={c}
                  label={c}
                  checked={values.complianceCertificates.includes(c)}
                  onChange={(e) => toggle('complianceCertificates', c, e.target.checked)}
                />
              ))}
            </ChoiceGrid>
          </Group>
          <FieldGrid style={{ marginTop: 16 }}>
            <TextAreaField label="Data storage security" rows={3} maxLength={2000} hint="Optional · encryption at rest, access control" {...text('dataStorageSecurity')} />
            <TextAreaField label="Data transfer security" rows={3} maxLength={2000} hint="Optional · TLS, signed URLs, SFTP…" {...text('dataTransferSecurity')} />
            <TextAreaField className="full" label="Consent documentation" rows={2} maxLength={2000} hint="Optional · how consent is recorded" {...text('consentDocumentation')} />
          </FieldGrid>
        </Panel>

        <Panel title="Registration & references">
          <FieldGrid>
            <TextField label="Business registration number" hint="Optional" maxLength={100} {...text('businessRegistrationNumber')} />
            <TextField label="Tax ID" hint="Optional" maxLength={100} {...text('taxId')} />
            <TextField label="Business license" hint="Optional · number or link" maxLength={200} {...text('businessLicense')} />
            <TextField label="Insurance certificate" hint="Optional · number or link" maxLength={200} {...text('insuranceCertificate')} />
            <TextAreaField
              className="full"
              label="Client references"
              rows={3}
              placeholder={'Acme Corp, Jane Doe, jane@acme.example\nGlobex, John Roe, +1 555 010 2030'}
              hint="Optional · one per line, up to 20"
              {...text('clientReferences')}
            />
          </FieldGrid>
        </Panel>

        <SubmitBar>
          {missingCount > 0 ? (
            <MissingItems missing={missing} onGo={goTo} />
          ) : (
            <SubmitNote data-testid="submit-note">Review takes 2-5 business days. We mail you the decision.</SubmitNote>
          )}
          <Button
            type="submit"
            variant="primary"
            size="lg"
            busy={inFlight}
            disabled={noDataType}
            aria-describedby={missingCount > 0 ? 'missing-items-title' : undefined}
          >
            {inFlight ? 'SUBMITTING…' : 'SUBMIT APPLICATION'}
          </Button>
        </SubmitBar>
      </Stack>
    </Form>
  );
}
