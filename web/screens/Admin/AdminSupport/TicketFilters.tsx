import styled from 'styled-components';
import { SelectField } from '../../../components/SelectField.tsx';
import { PRIORITY_FILTERS, STATUS_FILTERS, type DeskFilters } from './supportDeskRules.ts';

const Bar = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 8px;
  padding: 10px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export type TicketFiltersProps = {
  filters: DeskFilters;
  onChange: (change: { status?: string; priority?: string }) => void;
};

/** Status and priority filters of the queue (kept in the URL by the screen). */
export function TicketFilters({ filters, onChange }: TicketFiltersProps) {
  return (
    <Bar role="group" aria-label="Filter tickets">
      <SelectField
        label="Status"
        value={filters.status ?? 'all'}
        onChange={(e) => onChange({ status: e.target.value })}
        options={STATUS_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
      />
      <SelectField
        label="Priority"
        value={filters.priority ?? 'all'}
        onChange={(e) => onChange({ priority: e.target.value })}
        options={PRIORITY_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
      />
    </Bar>
  );
}
