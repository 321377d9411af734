import { Suspense, useState, type FormEvent } from 'react';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { EditListingDialogQuery } from '../../../__generated__/EditListingDialogQuery.graphql.ts';
import type { EditListingDialogMutation } from '../../../__generated__/EditListingDialogMutation.graphql.ts';

// Editing a listing on the market (docs/decisions.md "Issue 26: listings that change"): wording
// and price take effect when saved; category and delivery wait for an administrator while the
// approved version stays on sale; a new file is a new release. Loaded when first opened.

const FORM_ID = 'edit-listing-form';

const Form = styled.form`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px 14px;

  .wide { grid-column: 1 / -1; }

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const Section = styled.p`
  grid-column: 1 / -1;
  margin-top: 4px;
  padding-top: 10px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textDim};

  span { text-transform: none; letter-spacing: 0; font-weight: 400; font-family: ${({ theme }) => theme.fonts.sans}; }
`;

const Problem = styled.p`
  grid-column: 1 / -1;
  color: ${({ theme }) => theme.colors.down};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Loading = styled.div`
  display: grid;
  place-items: center;
  min-height: 200px;
`;

const query = graphql`
  query EditListingDialogQuery($id: ID!) {
    categories {
      slug
      label
    }
    node(id: $id) {
      ... on Contract {
        id
        status
        title
        description
        price
        sampleSize
        geographicCoverage
        dataSource
        category
        dataAccessType
        dataAccessUrl
      }
    }
  }
`;

const mutation = graphql`
  mutation EditListingDialogMutation($input: UpdateListingInput!) {
    updateListing(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on ValidationError {
        fieldErrors {
          field
          message
        }
      }
      ... on MutationUpdateListingSuccess {
        data {
          id
          title
          description
          price
          marketPrice
          sampleSize
          geographicCoverage
          dataSource
          category
          dataAccessType
          dataAccessUrl
          ...ListingLifecycle_contract
          ...ListingCard_contract
        }
      }
    }
  }
`;

const TEXT_FIELDS = ['title', 'description', 'price', 'sampleSize', 'geographicCoverage', 'dataSource'] as const;
const REVIEWED = ['category', 'dataAccessType', 'dataAccessUrl'] as const;
type Values = Record<(typeof TEXT_FIELDS)[number] | (typeof REVIEWED)[number], string>;

const DELIVERY = [
  { value: 'file_upload', label: 'File download' },
  { value: 'external_link', label: 'External link' },
  { value: 'both', label: 'File and link' },
];

export type EditListingDialogProps = { id: string; onClose: () => void };

export function EditListingDialog({ id, onClose }: EditListingDialogProps) {
  const [saving, setSaving] = useState(false);
  return (
    <Dialog
      open
      width={720}
      title="Edit listing"
      onClose={() => !saving && onClose()}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={FORM_ID} busy={saving}>
            Save changes
          </Button>
        </>
      }
    >
      <Suspense
        fallback={
          <Loading>
            <Spinner label="Loading the listing" />
          </Loading>
        }
      >
        <EditForm id={id} onSaving={setSaving} onDone={onClose} />
      </Suspense>
    </Dialog>
  );
}

function EditForm({ id, onSaving, onDone }: { id: string; onSaving: (busy: boolean) => void; onDone: () => void }) {
  const data = useLazyLoadQuery<EditListingDialogQuery>(query, { id }, { fetchPolicy: 'network-only' });
  const c = data.node;
  const initial: Values | null = c?.title
    ? {
        title: c.title,
        description: c.description ?? '',
        price: c.price ?? '',
        sampleSize: c.sampleSize ?? '',
        geographicCoverage: c.geographicCoverage ?? '',
        dataSource: c.dataSource ?? '',
        category: c.category ?? '',
        dataAccessType: c.dataAccessType ?? '',
        dataAccessUrl: c.dataAccessUrl ?? '',
      }
    : null;
  const [values, setValues] = useState<Values | null>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [commit] = useMutation<EditListingDialogMutation>(mutation);
  const { toast } = useToast();
  if (!initial || !values) return <p>This listing is no longer available.</p>;

  const set = (key: keyof Values) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!initial || !values) return;
    // only what changed: a price left alone does not touch the market price
    const changes: Record<string, string | null> = {};
    for (const key of [...TEXT_FIELDS, ...REVIEWED]) if (values[key].trim() !== initial[key].trim()) changes[key] = key === 'dataAccessUrl' && !values[key].trim() ? null : values[key];
    if (Object.keys(changes).length === 0) return onDone();
    const reviewed = REVIEWED.some((k) => k in changes);
    onSaving(true);
    setProblem(null);
    commit({
      variables: { input: { contractId: id, changes } },
      onCompleted: (r) => {
        onSaving(false);
        const answer = r.updateListing;
        if (answer.__typename === 'MutationUpdateListingSuccess') {
          toast({ title: 'Listing saved', description: reviewed ? 'Your changes are live; the category or delivery change waits for review.' : 'Your changes are live.' });
          onDone();
          return;
        }
        const fieldErrors = 'fieldErrors' in answer ? (answer.fieldErrors ?? []) : [];
        setErrors(Object.fromEntries(fieldErrors.map((f) => [f.field, f.message])));
        setProblem('message' in answer ? (answer.message ?? 'Could not save') : 'Could not save');
      },
      onError: (error) => {
        onSaving(false);
        setProblem(error.message);
      },
    });
  }

  const live = c?.status === 'active' || c?.status === 'paused';
  return (
    <Form id={FORM_ID} onSubmit={submit} noValidate aria-label="Edit listing">
      <TextField className="wide" label="Title" value={values.title} onChange={set('title')} error={errors.title} />
      <TextAreaField className="wide" label="Description" rows={5} value={values.description} onChange={set('description')} error={errors.description} />
      <TextField label="List price (USD)" inputMode="decimal" value={values.price} onChange={set('price')} error={errors.price} hint="The market price follows it unless the listing sold since the last price was set." />
      <TextField label="Sample size" value={values.sampleSize} onChange={set('sampleSize')} error={errors.sampleSize} />
      <TextField label="Geographic coverage" value={values.geographicCoverage} onChange={set('geographicCoverage')} error={errors.geographicCoverage} />
      <TextField label="Data source" value={values.dataSource} onChange={set('dataSource')} error={errors.dataSource} />
      {live && (
        <Section>
          Reviewed changes · <span>an administrator approves them; the approved version stays on sale meanwhile</span>
        </Section>
      )}
      <SelectField label="Category" value={values.category} onChange={set('category')} options={data.categories.map((k) => ({ value: k.slug, label: k.label }))} error={errors.category} />
      <SelectField label="Delivery" value={values.dataAccessType} onChange={set('dataAccessType')} options={DELIVERY} error={errors.dataAccessType} />
      <TextField className="wide" label="Data access URL" type="url" value={values.dataAccessUrl} onChange={set('dataAccessUrl')} error={errors.dataAccessUrl} />
      {live && (
        <Section>
          The file · <span>a new file is a new release of the listing, which its buyers are told of; publish a release instead.</span>
        </Section>
      )}
      {problem && <Problem role="alert">{problem}</Problem>}
    </Form>
  );
}
