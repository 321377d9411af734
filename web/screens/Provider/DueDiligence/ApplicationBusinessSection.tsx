import { graphql, useFragment } from 'react-relay';
import { Panel } from '../../../components/Panel.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import type { ApplicationBusinessSection_options$key } from '../../../__generated__/ApplicationBusinessSection_options.graphql.ts';
import { humanize } from '../../../format/labels.ts';
import { CharacterCount } from '../shared/CharacterCount.tsx';
import { FieldGrid } from '../shared/FormLayout.tsx';
import type { ApplicationSectionProps } from './applicationFormParts.ts';
import { BUSINESS_TYPE_LABELS, EMPLOYEE_COUNT_LABELS, REVENUE_RANGE_LABELS } from './applicationRules.ts';

const options = (values: readonly string[], labels: Record<string, string>) => values.map((v) => ({ value: v, label: labels[v] ?? humanize(v) }));

export type ApplicationBusinessSectionProps = Pick<ApplicationSectionProps, 'values' | 'text'> & { options: ApplicationBusinessSection_options$key };

/** Who is applying: name, type, address, contacts, size and what the business does. */
export function ApplicationBusinessSection({ options: optionsKey, values, text }: ApplicationBusinessSectionProps) {
  const opts = useFragment(
    graphql`
      fragment ApplicationBusinessSection_options on DiligenceOptions {
        businessTypes
        revenueRanges
        employeeCounts
      }
    `,
    optionsKey,
  );
  return (
    <Panel title="Business">
      <FieldGrid>
        <TextField label="Legal business name" autoComplete="organization" maxLength={200} {...text('legalBusinessName')} />
        <SelectField label="Business type" placeholder="Select business type" options={options(opts.businessTypes, BUSINESS_TYPE_LABELS)} {...text('businessType')} />
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
        <SelectField label="Employees" placeholder="Prefer not to say" hint="Optional" options={options(opts.employeeCounts, EMPLOYEE_COUNT_LABELS)} {...text('employeeCount')} />
        <TextAreaField
          className="full"
          label="Business description"
          rows={4}
          maxLength={5000}
          placeholder="What your business does, who your customers are and how the data is produced"
          hint={<CharacterCount text={values.businessDescription} min={50} />}
          {...text('businessDescription')}
        />
      </FieldGrid>
    </Panel>
  );
}
