import type { FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Button } from '../../../components/Button.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { useSession } from '../../../session/useSession.ts';
import type { ApplicationForm_options$key } from '../../../__generated__/ApplicationForm_options.graphql.ts';
import type { ApplicationForm_previous$key } from '../../../__generated__/ApplicationForm_previous.graphql.ts';
import { serverFieldErrors } from '../shared/formRules.ts';
import { Stack, SubmitBar, SubmitNote } from '../shared/FormLayout.tsx';
import { useFormAnswers } from '../shared/useFormAnswers.ts';
import { ApplicationBusinessSection } from './ApplicationBusinessSection.tsx';
import { ApplicationComplianceSection } from './ApplicationComplianceSection.tsx';
import { ApplicationDataSection } from './ApplicationDataSection.tsx';
import { ApplicationRegistrationSection } from './ApplicationRegistrationSection.tsx';
import { applicationFromPrevious, applicationInput, emptyApplication, formFieldOf, MESSAGES, validateApplication, type ApplicationField, type ApplicationValues } from './applicationRules.ts';
import { MissingItems } from './MissingItems.tsx';
import { useSubmitApplicationMutation } from './SubmitApplicationMutation.ts';
import { StackForm } from '../../shared/StackForm.tsx';

export type ApplicationFormProps = {
  options: ApplicationForm_options$key;
  /** a rejected application: its answers are filled in, to be corrected */
  previous?: ApplicationForm_previous$key | null;
  /** the application was accepted: show the status page */
  onSubmitted: () => void;
};

/**
 * The due diligence application: every field the API takes, with its rules checked as typed, and
 * every yes/no compliance answer asked explicitly (docs/decisions.md 'Applying'). It holds the
 * answers and the checks; each section (business, data, compliance, registration) draws its fields.
 */
export function ApplicationForm({ options: optionsKey, previous: previousKey = null, onSubmitted }: ApplicationFormProps) {
  const opts = useFragment(
    graphql`
      fragment ApplicationForm_options on DiligenceOptions {
        dataTypes
        certifications
        businessTypes
        ...ApplicationBusinessSection_options
        ...ApplicationDataSection_options
        ...ApplicationComplianceSection_options
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
  const answers = useFormAnswers<ApplicationValues, ApplicationField>(
    () => (previous ? applicationFromPrevious(previous, opts) : emptyApplication()),
    (values) => validateApplication(values, opts.businessTypes),
  );
  const { formRef, values, errors, setErrors, focusFirstError } = answers;
  const noDataType = values.dataTypes.length === 0;
  // what is still missing, live, for the list beside Submit
  const missing = validateApplication(values, opts.businessTypes);
  const missingCount = Object.keys(missing).length;

  /** Focuses a field named in the missing-answers list (its first checkbox or radio for a group). */
  function goTo(field: ApplicationField) {
    const el = formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`);
    el?.scrollIntoView({ block: 'center' });
    el?.focus({ preventScroll: true });
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight) return;
    const ok = answers.check();
    if (noDataType) {
      toast({ variant: 'destructive', title: 'Data Types Required', description: MESSAGES.dataTypes });
      return;
    }
    if (!ok) {
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
        const fromServer = serverFieldErrors(r.fieldErrors, formFieldOf);
        setErrors(fromServer);
        if (Object.keys(fromServer).length) focusFirstError();
        // Due diligence: the data types first, then any other invalid answer, else the message
        // (branching on the error's field and reason, never on its message's words)
        if (fromServer.dataTypes) {
          toast({ variant: 'destructive', title: 'Data Types Required', description: MESSAGES.dataTypes });
        } else if (r.reason === 'INVALID_INPUT') {
          toast({ variant: 'destructive', title: 'Validation Error', description: 'Please check all required fields are filled correctly' });
        } else {
          toast({ variant: 'destructive', title: 'Submission Failed', description: r.message || 'Failed to submit application' });
        }
      },
      onError: (error) => {
        console.warn('submitApplication failed', error);
        toast({ variant: 'destructive', title: 'Submission Failed', description: 'Failed to submit application' });
      },
    });
  }

  const section = { values, errors, text: answers.text, update: answers.update };

  return (
    <StackForm $gap={16} ref={formRef} onSubmit={submit} noValidate aria-label="Due diligence application">
      <Stack>
        <ApplicationBusinessSection options={opts} values={values} text={answers.text} />
        <ApplicationDataSection options={opts} {...section} />
        <ApplicationComplianceSection options={opts} {...section} />
        <ApplicationRegistrationSection text={answers.text} />

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
    </StackForm>
  );
}
