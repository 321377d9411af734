import { Suspense, useDeferredValue, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { FieldError, FieldLabel } from '../../../components/fieldStyles.ts';
import { Icon } from '../../../components/Icon.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { ErrorBoundary } from '../../../relay/ErrorBoundary.tsx';
import { formatMoney } from '../../../format/format.ts';
import { oneLine, tickerText } from '../../../theme/text.ts';
import type { ChosenContract } from './chosenContract.ts';
import { ContractSearchResults } from './ContractSearchResults.tsx';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

const Chosen = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: center;
  gap: 4px 10px;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.colors.upBorder};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.upSoft};

  .ticker {
    ${tickerText}
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
  .title {
    ${oneLine}
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textStrong};
  }
  .price {
    grid-column: 2;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .price b {
    color: ${({ theme }) => theme.colors.textStrong};
  }
  button {
    grid-column: 3;
    grid-row: 1 / span 2;
  }
`;

export type ContractPickerProps = {
  value: ChosenContract | null;
  onChange: (contract: ChosenContract) => void;
  disabled?: boolean;
};

/** Contract: the chosen one with its market price, or a search over the active contracts. */
export function ContractPicker({ value, onChange, disabled }: ContractPickerProps) {
  const [searching, setSearching] = useState(value === null);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const labelId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);

  if (value && !searching) {
    return (
      <Box role="group" aria-labelledby={labelId}>
        <FieldLabel as="span" id={labelId}>
          Contract
        </FieldLabel>
        <Chosen data-testid="chosen-contract">
          <span className="ticker">{value.ticker}</span>
          <span className="title" title={value.title}>
            {value.title}
          </span>
          <span className="price">
            Market price <b data-testid="chosen-price">{formatMoney(value.marketPrice)}</b>
          </span>
          <Button
            ref={changeRef}
            size="sm"
            variant="ghost"
            disabled={disabled}
            aria-label={`Change contract (${value.title})`}
            onClick={() => {
              setSearching(true);
              requestAnimationFrame(() => inputRef.current?.focus());
            }}
          >
            Change
          </Button>
        </Chosen>
      </Box>
    );
  }

  return (
    <Box>
      <TextField
        ref={inputRef}
        label="Contract"
        type="search"
        placeholder="Search active contracts by title, sector or field"
        leading={<Icon name="search" size={13} />}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        disabled={disabled}
        autoComplete="off"
      />
      <ErrorBoundary resetKeys={[deferred]} fallback={() => <FieldError role="alert">Failed to fetch contracts</FieldError>}>
        <Suspense fallback={<Skeleton lines={4} height={22} />}>
          <ContractSearchResults
            search={deferred}
            chosenId={value?.id ?? null}
            onChoose={(c) => {
              onChange(c);
              setSearching(false);
              setSearch('');
              requestAnimationFrame(() => changeRef.current?.focus());
            }}
          />
        </Suspense>
      </ErrorBoundary>
    </Box>
  );
}
