import { useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { ErrorReason } from '../../../__generated__/CreateListingMutation.graphql.ts';
import type { ListingForm_categories$key } from '../../../__generated__/ListingForm_categories.graphql.ts';
import type {
  ListingForm_contract$data,
  ListingForm_contract$key,
} from '../../../__generated__/ListingForm_contract.graphql.ts';
import { SubmitBar, SubmitNote } from '../shared/FormLayout.tsx';
import { useCreateListingMutation } from './CreateListingMutation.ts';
import {
  emptyListing,
  formFieldOf,
  listingInput,
  validateListing,
  type AccessType,
  type ListingErrors,
  type ListingField,
  type ListingValues,
} from './listingRules.ts';
import { ListingAccessSection } from './ListingAccessSection.tsx';
import { ListingAcknowledgments } from './ListingAcknowledgments.tsx';
import { ListingContractSection } from './ListingContractSection.tsx';
import type { ListingTextKey } from './listingFormParts.ts';
import { ListingProfileSection, type FilledFromFile } from './ListingProfileSection.tsx';
import { ListingReviewNotice } from './ListingReviewNotice.tsx';
import { ListingSpecSection } from './ListingSpecSection.tsx';
import { useUpdateListingMutation } from './UpdateListingMutation.ts';
import type { DataProfile, UploadedFile } from './uploadFile.ts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

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

function prefill(c: ListingForm_contract$data): ListingValues {
  const sample = Array.isArray(c.sampleData) && c.sampleData.length ? JSON.stringify(c.sampleData, null, 2) : '';
  return {
    ...emptyListing(),
    title: c.title,
    description: c.description,
    category: c.category,
    price: c.price,
    pricingModel: c.pricingModel,
    dataFormat: c.dataFormat,
    updateFrequency: c.updateFrequency,
    sampleSize: c.sampleSize ?? '',
    geographicCoverage: c.geographicCoverage ?? '',
    dataSource: c.dataSource ?? '',
    dataAccessType: c.dataAccessType as AccessType,
    dataAccessUrl: c.dataAccessUrl ?? '',
    accessInstructions: c.accessInstructions ?? '',
    deliveryMethod: c.deliveryMethod ?? '',
    isEnterprise: c.isEnterprise,
    recordCount: c.recordCount == null ? '' : String(c.recordCount),
    dataFields: c.dataFields.join('\n'),
    sampleData: sample,
    complianceAcknowledged: c.complianceAcknowledged,
    qualityAcknowledged: c.qualityAcknowledged,
    legalAcknowledged: c.legalAcknowledged,
  };
}

/** A sample row with its keys in the file's column order (stored JSON may come back reordered). */
function inFieldOrder(row: Record<string, unknown>, profile: DataProfile): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const f of profile.fields) if (f.name in row) ordered[f.name] = row[f.name];
  for (const [k, v] of Object.entries(row)) if (!(k in ordered)) ordered[k] = v;
  return ordered;
}

function fileOf(c: ListingForm_contract$data | null | undefined): UploadedFile | null {
  const f = c?.files?.[0];
  if (!f) return null;
  return { id: f.fileId, fileName: f.fileName, size: f.size, sha256: f.sha256, contentType: f.contentType, profile: (f.profile as DataProfile | null) ?? null };
}

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
  const formRef = useRef<HTMLFormElement>(null);

  const [values, setValues] = useState<ListingValues>(() => (contract ? prefill(contract) : emptyListing()));
  const [file, setFile] = useState<UploadedFile | null>(() => fileOf(contract));
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<ListingErrors>({});
  const [attempted, setAttempted] = useState(false);
  // which fields the last upload's profile filled (shown as a note under them)
  const [filled, setFilled] = useState<FilledFromFile>({});

  function recheck(next: ListingValues, nextFile: UploadedFile | null, nextUploading = uploading) {
    if (attempted) setErrors(validateListing(next, { hasFile: nextFile != null, uploading: nextUploading }));
  }

  function update(next: ListingValues, changed: ListingField) {
    setValues(next);
    if (changed === 'recordCount' || changed === 'dataFields' || changed === 'sampleData') setFilled((f) => ({ ...f, [changed]: false }));
    if (attempted) recheck(next, file);
    else if (errors[changed]) {
      setErrors((current) => {
        const rest = { ...current };
        delete rest[changed];
        return rest;
      });
    }
  }

  const text = (key: ListingTextKey) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => update({ ...values, [key]: e.target.value }, key),
  });

  /** A stored upload: its profile fills what the provider left empty (all of it stays editable). */
  function onUploaded(stored: UploadedFile) {
    setFile(stored);
    const profile = stored.profile;
    let next = values;
    const didFill: typeof filled = {};
    if (profile) {
      if (!values.recordCount.trim() && Number.isFinite(profile.recordCount)) {
        next = { ...next, recordCount: String(profile.recordCount) };
        didFill.recordCount = true;
      }
      if (!values.dataFields.trim() && profile.fields.length) {
        next = { ...next, dataFields: profile.fields.map((f) => f.name).join('\n') };
        didFill.dataFields = true;
      }
      if (!values.sampleData.trim() && profile.sampleRows.length) {
        next = { ...next, sampleData: JSON.stringify(profile.sampleRows.slice(0, 50).map((row) => inFieldOrder(row, profile)), null, 2) };
        didFill.sampleData = true;
      }
    }
    setValues(next);
    setFilled(didFill);
    setErrors((current) => {
      const rest = { ...current };
      delete rest.fileId;
      return rest;
    });
    recheck(next, stored, false);
  }

  function focusFirstError() {
    requestAnimationFrame(() => {
      const el = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
      el?.scrollIntoView({ block: 'center' });
      el?.focus({ preventScroll: true });
    });
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
    const serverErrors: ListingErrors = {};
    for (const fe of r.fieldErrors ?? []) {
      const field = formFieldOf(fe.field);
      if (field && !serverErrors[field]) serverErrors[field] = fe.message;
    }
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
    setAttempted(true);
    const found = validateListing(values, { hasFile: file != null, uploading });
    setErrors(found);
    if (Object.keys(found).length) {
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

  const access = values.dataAccessType;
  const descriptionLength = values.description.trim().length;
  const submitLabel = editing ? 'RESUBMIT LISTING' : 'SUBMIT LISTING';

  return (
    <Form ref={formRef} onSubmit={submit} noValidate aria-label={editing ? 'Edit listing' : 'Data listing'}>
      {contract && <ListingReviewNotice contract={contract} />}
      <Fields disabled={disabled} aria-disabled={disabled || undefined} data-testid="listing-fields">
        <ListingContractSection categories={categories} values={values} text={text} />
        <ListingSpecSection values={values} text={text} update={update} />
        <ListingAccessSection
          values={values}
          errors={errors}
          text={text}
          update={update}
          file={file}
          disabled={disabled}
          onBusyChange={(busy) => {
            setUploading(busy);
            if (busy) setErrors(({ fileId: _f, ...rest }) => rest);
          }}
          onUploaded={onUploaded}
          onRemoveFile={() => {
            setFile(null);
            setFilled({});
            recheck(values, null);
          }}
        />
        <ListingProfileSection text={text} filled={filled} />
        <ListingAcknowledgments values={values} errors={errors} update={update} />
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
    </Form>
  );
}
