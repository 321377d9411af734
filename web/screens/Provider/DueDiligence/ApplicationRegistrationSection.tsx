import { Panel } from '../../../components/Panel.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { FieldGrid } from '../shared/FormLayout.tsx';
import type { ApplicationSectionProps } from './applicationFormParts.ts';

/** Optional registration numbers, licences and client references. */
export function ApplicationRegistrationSection({ text }: Pick<ApplicationSectionProps, 'text'>) {
  return (
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
  );
}
