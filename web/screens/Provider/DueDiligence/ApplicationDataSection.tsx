import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { FieldError } from '../../../components/fieldStyles.ts';
import { Panel } from '../../../components/Panel.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import type { ApplicationDataSection_options$key } from '../../../__generated__/ApplicationDataSection_options.graphql.ts';
import { toggled } from '../shared/formRules.ts';
import { ChoiceGrid, FieldGrid, Group } from '../shared/FormLayout.tsx';
import type { ApplicationSectionProps } from './applicationFormParts.ts';

const GroupError = styled(FieldError)`
  margin-top: 8px;
`;

export type ApplicationDataSectionProps = ApplicationSectionProps & { options: ApplicationDataSection_options$key };

/** The data the applicant will sell: its types (at least one), sources, volume and quality. */
export function ApplicationDataSection({ options, values, errors, text, update }: ApplicationDataSectionProps) {
  const { dataTypes } = useFragment(
    graphql`
      fragment ApplicationDataSection_options on DiligenceOptions {
        dataTypes
      }
    `,
    options,
  );
  return (
    <Panel title="Data you will sell">
      <Group className="data-types" aria-describedby={errors.dataTypes ? 'data-types-error' : undefined}>
        <legend>Data types</legend>
        <ChoiceGrid $min={210} aria-invalid={errors.dataTypes ? true : undefined}>
          {dataTypes.map((t) => (
            <Checkbox
              key={t}
              name="dataTypes"
              value={t}
              label={t}
              checked={values.dataTypes.includes(t)}
              onChange={(e) => update({ ...values, dataTypes: toggled(values.dataTypes, t, e.target.checked) }, 'dataTypes')}
            />
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
  );
}
