import { Checkbox } from '../../../components/Checkbox.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { FieldGrid } from '../shared/FormLayout.tsx';
import type { ListingSectionProps } from './listingFormParts.ts';
import { DATA_FORMATS, DELIVERY_METHODS, UPDATE_FREQUENCIES } from './listingRules.ts';

/** How the data is made and delivered: format, frequency, sample size, coverage, source, delivery. */
export function ListingSpecSection({ values, text, update }: Omit<ListingSectionProps, 'errors'>) {
  return (
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
  );
}
