import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { ErrorReason } from '../../../__generated__/CreateListingMutation.graphql.ts';
import type { ListingForm_categories$key } from '../../../__generated__/ListingForm_categories.graphql.ts';
import type { ListingForm_contract$key } from '../../../__generated__/ListingForm_contract.graphql.ts';
import { serverFieldErrors, withoutError } from '../shared/formRules.ts';
import { SubmitBar, SubmitNote } from '../shared/FormLayout.tsx';
import { useFormAnswers } from '../shared/useFormAnswers.ts';
import { useCreateListingMutation } from './CreateListingMutation.ts';
import { fileOfListing, fillFromProfile, listingFromContract, type FilledFromFile } from './listingFormRules.ts';
import { emptyListing, formFieldOf, listingInput, validateListing, type ListingField, type ListingValues } from './listingRules.ts';
import { ListingAccessSection } from './ListingAccessSection.tsx';
import { ListingAcknowledgments } from './ListingAcknowledgments.tsx';
import { ListingContractSection } from './ListingContractSection.tsx';
import { ListingProfileSection } from './ListingProfileSection.tsx';
import { ListingReviewNotice } from './ListingReviewNotice.tsx';
import { ListingSpecSection } from './ListingSpecSection.tsx';
import { useUpdateListingMutation } from './UpdateListingMutation.ts';
import type { UploadedFile } from '../../shared/upload/uploadFile.ts';
import { StackForm } from '../../shared/StackForm.tsx';

// `disabled` here disables every control inside at once: the form is disabled until the provider's
// due diligence is approved
const Fields = styled.fieldset`
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
  display: flex;
  flex-direction: column;
  gap: 16px;

  &:disabled {
    cursor: not-allowed;
  }
  &:disabled > * {
    opacity: 0.78;
  }
`;

type ServerResult = {
  readonly __typename: string;
  readonly message?: string;
  readonly code?: string;
  readonly reason?: ErrorReason;
  readonly fieldErrors?: readonly { readonly field: string; readonly message: string }[] | null;
};

export type ListingFormProps = {
  categories: ListingForm_categories$key;
  /** the listing being edited (rejected or waiting for review), else a new listing */
  contract: ListingForm_contract$key | null;
  /** not approved: every control is disabled */
  disabled: boolean;
};

/**
 * The listing form, with the upload of the data file; creates a listing or resubmits one. It holds the
 * answers and the checks; each section (contract, specification, access, profile, acknowledgments)
 * draws its own fields.
 */
export function ListingForm({ categories: categoriesKey, contract: contractKey, disabled }: ListingFormProps) {
  const categories = useFragment(
    graphql`
      fragment ListingForm_categories on CategoryInfo @relay(plural: true) {
        ...ListingContractSection_categories
      }
    `,
    categoriesKey,
  );
  const contract = useFragment(
    graphql`
      fragment ListingForm_contract on Contract {
        id
        contractId
        status
        ...ListingReviewNotice_contract
        title
        description
        category
        price
        pricingModel
        dataFormat
        updateFrequency
        sampleSize
        geographicCoverage
        dataSource
        dataAccessType
        dataAccessUrl
        accessInstructions
        deliveryMethod
        isEnterprise
        recordCount
        dataFields
        sampleData
        complianceAcknowledged
        qualityAcknowledged
        legalAcknowledged
        files {
          fileId
          fileName
          contentType
          size
          sha256
          profile
        }
      }
    `,
    contractKey,
  );
  const editing = contract != null;
  const navigate = useNavigate();
  const { toast } = useToast();
  const [commitCreate, creating] = useCreateListingMutation();
  const [commitUpdate, updating] = useUpdateListingMutation();
  const inFlight = creating || updating;
  const [file, setFile] = useState<UploadedFile | null>(() => fileOfListing(contract));
  const [uploading, setUploading] = useState(false);
  // which fields the last upload's profile filled (shown as a note under them)
  const [filled, setFilled] = useState<FilledFromFile>({});
  const validate = (v: ListingValues, withFile = file, nowUploading = uploading) => validateListing(v, { hasFile: withFile != null, uploading: nowUploading });
  const answers = useFormAnswers<ListingValues, ListingField>(
    () => (contract ? listingFromContract(contract) : emptyListing()),
    (v) => validate(v),
    // a profile answer typed over is no longer 'filled from the file'
    (changed) => {
      if (changed === 'recordCount' || changed === 'dataFields' || changed === 'sampleData') setFilled((f) => ({ ...f, [changed]: false }));
    },
  );
  const { formRef, values, setValues, errors, setErrors, attempted, focusFirstError } = answers;

  /** After a change of the file: the messages follow it once a submit was tried. */
  function recheck(next: ListingValues, nextFile: UploadedFile | null, nextUploading = uploading) {
    if (attempted) setErrors(validate(next, nextFile, nextUploading));
  }

  /** A stored upload: its profile fills what the provider left empty (all of it stays editable). */
  function onUploaded(stored: UploadedFile) {
    setFile(stored);
    const { values: next, filled: didFill } = fillFromProfile(values, stored.profile);
    setValues(next);
    setFilled(didFill);
    setErrors((current) => withoutError(current, 'fileId'));
    recheck(next, stored, false);
  }

  function done(r: ServerResult, successTypename: string) {
    if (r.__typename === successTypename) {
      toast({
        title: 'Data Listing Submitted',
        description: editing
          ? 'Your listing was resubmitted for review. Review takes 2-5 business days.'
          : 'Your listing was submitted for review. Review takes 2-5 business days.',
      });
      navigate('/dashboard/listings');
      return;
    }
    const message = r.message ?? '';
    // Listing: friendly texts for the reasons the server gives (the error's reason, never its message's words)
    if (r.__typename === 'AuthenticationError' || r.reason === 'LOGIN_REQUIRED') {
      toast({ variant: 'destructive', title: 'Authentication Required', description: 'Please log in to submit data listings.' });
      return;
    }
    if (r.reason === 'DUE_DILIGENCE_REQUIRED') {
      toast({ variant: 'destructive', title: 'Due Diligence Required', description: 'Please complete the due diligence process before listing data.' });
      return;
    }
    const serverErrors = serverFieldErrors(r.fieldErrors, formFieldOf);
    if (Object.keys(serverErrors).length) {
      setErrors(serverErrors);
      focusFirstError();
    }
    toast({ variant: 'destructive', title: 'Submission Failed', description: message || 'Failed to submit data listing' });
  }

  function failed(error: Error) {
    console.warn('listing submission failed', error);
    toast({ variant: 'destructive', title: 'Submission Failed', description: error.message || 'Failed to submit data listing' });
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight || disabled) return;
    if (!answers.check()) {
      focusFirstError();
      return;
    }
    const input = listingInput(values, file?.id ?? null);
    if (contract) {
      commitUpdate({
        variables: { input: { contractId: contract.id, listing: input } },
        onCompleted: ({ updateListing: r }) => done(r, 'MutationUpdateListingSuccess'),
        onError: failed,
      });
    } else {
      commitCreate({
        variables: { input },
        onCompleted: ({ createListing: r }) => done(r, 'MutationCreateListingSuccess'),
        onError: failed,
      });
    }
  }

  const submitLabel = editing ? 'RESUBMIT LISTING' : 'SUBMIT LISTING';

  return (
    <StackForm $gap={16} ref={formRef} onSubmit={submit} noValidate aria-label={editing ? 'Edit listing' : 'Data listing'}>
      {contract && <ListingReviewNotice contract={contract} />}
      <Fields disabled={disabled} aria-disabled={disabled || undefined} data-testid="listing-fields">
        <ListingContractSection categories={categories} values={values} text={answers.text} />
        <ListingSpecSection values={values} text={answers.text} update={answers.update} />
        <ListingAccessSection
          values={values}
          errors={errors}
          text={answers.text}
          update={answers.update}
          file={file}
          disabled={disabled}
          onBusyChange={(busy) => {
            setUploading(busy);
            if (busy) setErrors((current) => withoutError(current, 'fileId'));
          }}
          onUploaded={onUploaded}
          onRemoveFile={() => {
            setFile(null);
            setFilled({});
            recheck(values, null);
          }}
        />
        <ListingProfileSection text={answers.text} filled={filled} />
        <ListingAcknowledgments values={values} errors={errors} update={answers.update} />
      </Fields>

      <SubmitBar>
        <SubmitNote data-tone={disabled ? 'error' : undefined}>
          {disabled
            ? 'Complete due diligence to list data.'
            : uploading
              ? 'Wait for the upload to finish before submitting.'
              : 'Listings are reviewed before they go live (2-5 business days).'}
        </SubmitNote>
        <Button type="submit" variant="primary" size="lg" busy={inFlight} disabled={disabled || uploading}>
          {inFlight ? 'SUBMITTING…' : submitLabel}
        </Button>
      </SubmitBar>
    </StackForm>
  );
}
