import styled from 'styled-components';
import { Panel } from '../../../components/Panel.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { FieldGrid, Lead } from '../shared/FormLayout.tsx';
import type { ListingSectionProps } from './listingFormParts.ts';
import type { FilledFromFile } from './listingFormRules.ts';

const Mono = styled(TextAreaField)`
  textarea {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    line-height: 1.5;
  }
`;

const FilledNote = styled.span`
  color: ${({ theme }) => theme.colors.up};
`;


export type ListingProfileSectionProps = Pick<ListingSectionProps, 'text'> & { filled: FilledFromFile };

/** Record count, field names and sample rows: typed in, or filled from a CSV or JSON upload. */
export function ListingProfileSection({ text, filled }: ListingProfileSectionProps) {
  return (
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
  );
}
