import { useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { FieldError, FieldLabel } from '../../../components/fieldStyles.ts';
import { Panel } from '../../../components/Panel.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { ListingForm_categories$key } from '../../../__generated__/ListingForm_categories.graphql.ts';
import type { ListingForm_contract$data, ListingForm_contract$key } from '../../../__generated__/ListingForm_contract.graphql.ts';
import { FieldGrid, Lead, Stack, SubmitBar, SubmitNote } from '../shared/FormLayout.tsx';
import { Notice } from '../shared/Notice.tsx';
import { useCreateListingMutation } from './CreateListingMutation.ts';
import { FileUpload } from './FileUpload.tsx';
import {
  ACCESS_TYPES,
  ACKNOWLEDGMENTS,
  DATA_FORMATS,
  DELIVERY_METHODS,
  emptyListing,
  formFieldOf,
  listingInput,
  needsFile,
  needsLink,
  PRICING_MODELS,
  UPDATE_FREQUENCIES,
  validateListing,
  type AccessType,
  type ListingErrors,
  type ListingField,
  type ListingValues,
} from './listingRules.ts';
import { useUpdateListingMutation } from './UpdateListingMutation.ts';
import type { DataProfile, UploadedFile } from './uploadFile.ts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

// `disabled` here disables every control inside at once (spec §2: the form is disabled unless approved)
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

const Choices = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 8px;

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Choice = styled.div<{ $on: boolean }>`
  padding: 10px 12px;
  border: 1px solid ${({ theme, $on }) => ($on ? theme.colors.upBorder : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $on }) => ($on ? theme.colors.upSoft : theme.colors.bg)};
  transition:
    border-color ${({ theme }) => theme.transitions.fast},
    background ${({ theme }) => theme.transitions.fast};
`;

const AccessGroup = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin-bottom: 16px;
`;

const Mono = styled(TextAreaField)`
  textarea {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    line-height: 1.5;
  }
`;

const Acks = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const Count = styled.span<{ $ok: boolean }>`
  font-family: ${({ theme }) => theme.fonts.mono};
  color: ${({ theme, $ok }) => ($ok ? theme.colors.up : theme.colors.textDim)};
`;

const FilledNote = styled.span`
  color: ${({ theme }) => theme.colors.up};
`;

type ServerResult = {
  readonly __typename: string;
  readonly message?: string;
  readonly code?: string;
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

/** The listing form of spec §5 with the upload of the data file; creates or resubmits a listing. */
export function ListingForm({ categories: categoriesKey, contract: contractKey, disabled }: ListingFormProps) {
  const categories = useFragment(
    graphql`
      fragment ListingForm_categories on CategoryInfo @relay(plural: true) {
        slug
        label
        ticker
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
        rejectionReason
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
  const [filled, setFilled] = useState<Partial<Record<'recordCount' | 'dataFields' | 'sampleData', boolean>>>({});

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

  const text = (key: Exclude<keyof ListingValues, 'isEnterprise' | 'dataAccessType' | (typeof ACKNOWLEDGMENTS)[number]['key']>) => ({
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
    // spec §8 Listing: friendly texts for the words the server's messages carry
    if (r.__typename === 'AuthenticationError' || message.includes('Authentication')) {
      toast({ variant: 'destructive', title: 'Authentication Required', description: 'Please log in to submit data listings.' });
      return;
    }
    if (/due diligence/i.test(message)) {
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
      {contract?.status === 'rejected' && (
        <Notice tone="red" icon="alert" title="Listing Rejected" data-testid="listing-rejection">
          <span data-testid="listing-rejection-reason">{contract.rejectionReason || 'No reason was given.'}</span> Edit the listing and resubmit it
          for review.
        </Notice>
      )}
      {contract?.status === 'pending_review' && (
        <Notice tone="amber" icon="inbox" title="Waiting for Review">
          This listing is in the review queue. Your changes replace what the reviewers see.
        </Notice>
      )}
      <Fields disabled={disabled} aria-disabled={disabled || undefined} data-testid="listing-fields">
        <Panel title="Contract">
          <FieldGrid $cols={3}>
            <TextField className="full" label="Title" maxLength={200} placeholder="e.g. US Equities Level-2 Order Book (1s snapshots)" {...text('title')} />
            <TextAreaField
              className="full"
              label="Description"
              rows={4}
              maxLength={10000}
              placeholder="What the data set contains, how it is built and what buyers use it for"
              hint={
                <>
                  <Count $ok={descriptionLength >= 50}>{descriptionLength}</Count> / 50 characters minimum
                </>
              }
              {...text('description')}
            />
            <SelectField
              label="Category"
              placeholder="Select a category"
              options={categories.map((c) => ({ value: c.slug, label: `${c.label} · ${c.ticker}` }))}
              {...text('category')}
            />
            <TextField label="Price (USD)" type="number" inputMode="decimal" min={0.01} step={0.01} leading="$" placeholder="0.00" {...text('price')} />
            <SelectField label="Pricing model" options={PRICING_MODELS} {...text('pricingModel')} />
          </FieldGrid>
        </Panel>

        <Panel title="Data specification">
          <FieldGrid>
            <SelectField label="Data format" placeholder="Select a format" options={DATA_FORMATS} {...text('dataFormat')} />
            <SelectField label="Update frequency" placeholder="Select a frequency" options={UPDATE_FREQUENCIES} {...text('updateFrequency')} />
            <TextField label="Sample size" maxLength={200} placeholder="e.g. 500 sample rows; full set ~2M records" {...text('sampleSize')} />
            <TextField label="Geographic coverage" maxLength={200} placeholder="e.g. United States, EU, Global" {...text('geographicCoverage')} />
            <TextAreaField
              className="full"
              label="Data source"
              rows={3}
              maxLength={2000}
              placeholder="Where the data comes from and how it is collected"
              {...text('dataSource')}
            />
            <SelectField label="Delivery method" placeholder="Not specified" hint="Optional" options={DELIVERY_METHODS} {...text('deliveryMethod')} />
            <div style={{ alignSelf: 'end', paddingBottom: 8 }}>
              <Checkbox
                name="isEnterprise"
                label="Enterprise data set"
                description="Large volumes or SLAs for institutional buyers"
                checked={values.isEnterprise}
                onChange={(e) => update({ ...values, isEnterprise: e.target.checked }, 'isEnterprise')}
              />
            </div>
          </FieldGrid>
        </Panel>

        <Panel title="Access">
          <AccessGroup>
            <FieldLabel as="span" id="access-type-label">
              How will buyers access the data?
            </FieldLabel>
            <Choices role="radiogroup" aria-labelledby="access-type-label" data-invalid={errors.dataAccessType ? true : undefined} tabIndex={-1}>
              {ACCESS_TYPES.map((t) => (
                <Choice key={t.value} $on={access === t.value}>
                  <Checkbox
                    radio
                    name="dataAccessType"
                    value={t.value}
                    label={t.label}
                    description={t.description}
                    checked={access === t.value}
                    aria-invalid={errors.dataAccessType ? true : undefined}
                    onChange={() => update({ ...values, dataAccessType: t.value }, 'dataAccessType')}
                  />
                </Choice>
              ))}
            </Choices>
            {errors.dataAccessType && <FieldError role="alert">{errors.dataAccessType}</FieldError>}
          </AccessGroup>
          <FieldGrid>
            {needsFile(access) && (
              <div className="full" data-invalid={errors.fileId ? true : undefined} tabIndex={-1}>
                <FileUpload
                  value={file}
                  disabled={disabled}
                  error={errors.fileId}
                  onBusyChange={(busy) => {
                    setUploading(busy);
                    if (busy) setErrors(({ fileId: _f, ...rest }) => rest);
                  }}
                  onUploaded={onUploaded}
                  onRemove={() => {
                    setFile(null);
                    setFilled({});
                    recheck(values, null);
                  }}
                />
              </div>
            )}
            {needsLink(access) && (
              <>
                <TextField
                  className="full"
                  label="Data access URL"
                  type="url"
                  inputMode="url"
                  spellCheck={false}
                  placeholder="https://api.example.com/v1/…"
                  maxLength={2000}
                  {...text('dataAccessUrl')}
                />
                <TextAreaField
                  className="full"
                  label="Access instructions"
                  rows={3}
                  maxLength={5000}
                  hint="Optional · shown to buyers after payment"
                  placeholder="How buyers authenticate and fetch the data"
                  {...text('accessInstructions')}
                />
              </>
            )}
          </FieldGrid>
          {!access && <Lead style={{ margin: 0 }}>Choose how buyers get the data to upload a file or give a link.</Lead>}
        </Panel>

        <Panel title="Data profile">
          <Lead>Uploading a CSV or JSON file fills these from the file when they are empty. Everything here stays editable.</Lead>
          <FieldGrid $cols={3} style={{ marginBottom: 14 }}>
            <TextField
              label="Record count"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              hint={filled.recordCount ? <FilledNote>Filled from the file</FilledNote> : 'Optional'}
              {...text('recordCount')}
            />
          </FieldGrid>
          <FieldGrid>
            <Mono
              label="Data fields"
              rows={8}
              spellCheck={false}
              placeholder={'symbol\ntimestamp\nbid_price\nask_price'}
              hint={filled.dataFields ? <FilledNote>Filled from the file · one per line or comma separated</FilledNote> : 'Optional · one per line or comma separated'}
              {...text('dataFields')}
            />
            <Mono
              label="Sample data (JSON)"
              rows={8}
              spellCheck={false}
              placeholder={'[\n  { "symbol": "AAPL", "bid_price": 189.2 }\n]'}
              hint={filled.sampleData ? <FilledNote>Filled from the file · a JSON array of rows, at most 50</FilledNote> : 'Optional · a JSON array of rows, at most 50'}
              {...text('sampleData')}
            />
          </FieldGrid>
        </Panel>

        <Panel title="Acknowledgments">
          <Acks>
            {ACKNOWLEDGMENTS.map((a) => (
              <Checkbox
                key={a.key}
                name={a.key}
                label={a.text}
                description={a.label}
                checked={values[a.key]}
                error={errors[a.key]}
                onChange={(e) => update({ ...values, [a.key]: e.target.checked }, a.key)}
              />
            ))}
          </Acks>
        </Panel>
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
