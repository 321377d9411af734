import { graphql, useFragment } from 'react-relay';
import { Panel } from '../../../components/Panel.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import type { ListingContractSection_categories$key } from '../../../__generated__/ListingContractSection_categories.graphql.ts';
import { CharacterCount } from '../shared/CharacterCount.tsx';
import { FieldGrid } from '../shared/FormLayout.tsx';
import type { ListingSectionProps } from './listingFormParts.ts';
import { PRICING_MODELS } from './listingRules.ts';

export type ListingContractSectionProps = Pick<ListingSectionProps, 'values' | 'text'> & {
  categories: ListingContractSection_categories$key;
};

/** What is sold: title, description (50 characters at least, counted as typed), category and price. */
export function ListingContractSection({ categories: categoriesKey, values, text }: ListingContractSectionProps) {
  const categories = useFragment(
    graphql`
      fragment ListingContractSection_categories on CategoryInfo @relay(plural: true) {
        slug
        label
        ticker
      }
    `,
    categoriesKey,
  );
  return (
    <Panel title="Contract">
      <FieldGrid $cols={3}>
        <TextField className="full" label="Title" maxLength={200} placeholder="e.g. US Equities Level-2 Order Book (1s snapshots)" {...text('title')} />
        <TextAreaField
          className="full"
          label="Description"
          rows={4}
          maxLength={10000}
          placeholder="What the data set contains, how it is built and what buyers use it for"
          hint={<CharacterCount text={values.description} min={50} />}
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
  );
}
