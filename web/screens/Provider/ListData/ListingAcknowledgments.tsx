import styled from 'styled-components';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { ListingSectionProps } from './listingFormParts.ts';
import { ACKNOWLEDGMENTS } from './listingRules.ts';

const Acks = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

/** The three acknowledgments (compliance, quality, legal) a listing needs before review. */
export function ListingAcknowledgments({ values, errors, update }: Omit<ListingSectionProps, 'text'>) {
  return (
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
  );
}
