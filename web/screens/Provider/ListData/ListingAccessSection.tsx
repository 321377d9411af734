import styled from 'styled-components';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { FieldError, FieldLabel } from '../../../components/fieldStyles.ts';
import { Panel } from '../../../components/Panel.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { FieldGrid, Lead } from '../shared/FormLayout.tsx';
import { FileUpload } from '../../shared/upload/FileUpload.tsx';
import type { ListingSectionProps } from './listingFormParts.ts';
import { ACCESS_TYPES, needsFile, needsLink } from './listingRules.ts';
import type { UploadedFile } from '../../shared/upload/uploadFile.ts';

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

export type ListingAccessSectionProps = ListingSectionProps & {
  file: UploadedFile | null;
  disabled: boolean;
  /** an upload started (true) or ended (false) */
  onBusyChange: (busy: boolean) => void;
  onUploaded: (file: UploadedFile) => void;
  onRemoveFile: () => void;
};

/**
 * How buyers get the data: an uploaded file, a link, or both; each access type asks only for what
 * it promises (docs/decisions.md 'A listing needs what its access type promises').
 */
export function ListingAccessSection({ values, errors, text, update, file, disabled, onBusyChange, onUploaded, onRemoveFile }: ListingAccessSectionProps) {
  const access = values.dataAccessType;
  return (
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
              onBusyChange={onBusyChange}
              onUploaded={onUploaded}
              onRemove={onRemoveFile}
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
  );
}
