import styled from 'styled-components';
import { Icon } from '../../../components/Icon.tsx';
import type { ContractCardLayout } from './ContractCard.tsx';

const Group = styled.div`
  display: inline-flex;
  flex: none;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  overflow: hidden;
`;

const Toggle = styled.button`
  display: grid;
  place-items: center;
  width: 34px;
  height: 34px;
  padding: 0;
  border: 0;
  background: ${({ theme }) => theme.colors.raised};
  color: ${({ theme }) => theme.colors.textDim};
  transition:
    background ${({ theme }) => theme.transitions.fast},
    color ${({ theme }) => theme.transitions.fast};

  & + & {
    border-left: 1px solid ${({ theme }) => theme.colors.borderStrong};
  }
  &:hover {
    color: ${({ theme }) => theme.colors.textStrong};
    background: ${({ theme }) => theme.colors.hover};
  }
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.upSoft};
    color: ${({ theme }) => theme.colors.up};
  }
`;

export type ViewToggleProps = {
  value: ContractCardLayout;
  onChange: (layout: ContractCardLayout) => void;
};

/** Grid / list layout switch: two pressed-state buttons. */
export function ViewToggle({ value, onChange }: ViewToggleProps) {
  return (
    <Group role="group" aria-label="Layout">
      <Toggle type="button" aria-label="Grid view" title="Grid view" aria-pressed={value === 'grid'} onClick={() => onChange('grid')}>
        <Icon name="grid" size={14} />
      </Toggle>
      <Toggle type="button" aria-label="List view" title="List view" aria-pressed={value === 'list'} onClick={() => onChange('list')}>
        <Icon name="list" size={15} />
      </Toggle>
    </Group>
  );
}
