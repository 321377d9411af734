import { useEffect, useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Icon } from '../../../components/Icon.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import type { BrowseFilters_categories$key } from '../../../__generated__/BrowseFilters_categories.graphql.ts';
import type { Category } from '../../../__generated__/BrowseContractsQuery.graphql.ts';
import { ViewToggle } from '../shared/ViewToggle.tsx';
import { BROWSE_CATEGORIES, BROWSE_SORTS, type BrowseParams, type BrowseSort } from './browseParams.ts';

const Bar = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 10px;
  align-items: end;
  margin-bottom: 14px;
  padding: 12px 14px;
  background: ${({ theme }) => theme.colors.panel};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(220px, 2fr) minmax(150px, 1fr) minmax(150px, 1fr) minmax(190px, 1.1fr) auto;
  }
`;

const Search = styled.div`
  ${({ theme }) => theme.media.sm} {
    grid-column: 1 / -1;
  }
  ${({ theme }) => theme.media.lg} {
    grid-column: auto;
  }
`;

const PriceGroup = styled.fieldset`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: end;
  gap: 6px;
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    padding: 0;
    margin-bottom: 6px;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 600;
    letter-spacing: ${({ theme }) => theme.tracking.label};
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  & > span {
    padding-bottom: 9px;
    color: ${({ theme }) => theme.colors.textDim};
  }
`;

const ToggleCell = styled.div`
  display: flex;
  justify-content: flex-end;
  padding-bottom: 1px;
`;

export type BrowseFiltersProps = {
  categories: BrowseFilters_categories$key;
  params: BrowseParams;
  /** replace = the change comes from typing (one history entry per pause, not per key) */
  onChange: (changes: Partial<BrowseParams>, opts?: { replace?: boolean }) => void;
};

function priceText(n: number | null) {
  return n == null ? '' : String(n);
}

function readPrice(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * /browse filter bar: search, category, sort, price range, grid/list. Selects apply at once; typed text after a short pause.
 */
export function BrowseFilters({ categories: categoriesKey, params, onChange }: BrowseFiltersProps) {
  const categories = useFragment(
    graphql`
      fragment BrowseFilters_categories on CategoryInfo @relay(plural: true) {
        slug
        label
      }
    `,
    categoriesKey,
  );
  const labels = new Map(categories.map((c) => [c.slug, c.label]));

  // typed fields keep their own text; the URL follows 350 ms after the last key
  const [search, setSearch] = useState(params.search);
  const [min, setMin] = useState(priceText(params.minPrice));
  const [max, setMax] = useState(priceText(params.maxPrice));
  const sent = useRef({ search: params.search, minPrice: params.minPrice, maxPrice: params.maxPrice });

  // the URL changed from elsewhere (back/forward, Reset): show it
  useEffect(() => {
    if (params.search !== sent.current.search) setSearch(params.search);
    if (params.minPrice !== sent.current.minPrice) setMin(priceText(params.minPrice));
    if (params.maxPrice !== sent.current.maxPrice) setMax(priceText(params.maxPrice));
    sent.current = { search: params.search, minPrice: params.minPrice, maxPrice: params.maxPrice };
  }, [params.search, params.minPrice, params.maxPrice]);

  const typed = { search: search.trim(), minPrice: readPrice(min), maxPrice: readPrice(max) };
  const pending =
    typed.search !== sent.current.search || typed.minPrice !== sent.current.minPrice || typed.maxPrice !== sent.current.maxPrice;

  const flush = () => {
    if (!pending) return;
    sent.current = typed;
    onChange(typed, { replace: true });
  };

  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(flush, 350);
    return () => window.clearTimeout(timer);
  });

  return (
    <Bar
      role="search"
      aria-label="Filter the marketplace"
      onSubmit={(e) => {
        e.preventDefault();
        flush();
      }}
    >
      <Search>
        <TextField
          label="Search"
          type="search"
          placeholder="Search titles, fields, sectors..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          leading={<Icon name="search" size={14} />}
          autoComplete="off"
        />
      </Search>
      <SelectField
        label="Category"
        value={params.category ?? ''}
        onChange={(e) => onChange({ category: (e.target.value || null) as Category | null })}
      >
        <option value="">All</option>
        {BROWSE_CATEGORIES.filter((slug) => labels.has(slug)).map((slug) => (
          <option key={slug} value={slug}>
            {labels.get(slug)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Sort by"
        value={params.sort}
        onChange={(e) => onChange({ sort: e.target.value as BrowseSort })}
        options={BROWSE_SORTS.map((s) => ({ value: s.value, label: s.label }))}
      />
      <PriceGroup>
        <legend>Price range</legend>
        <TextField label="Min price" hideLabel type="number" inputMode="numeric" min={0} step={50} placeholder="Min" leading="$" value={min} onChange={(e) => setMin(e.target.value)} />
        <span aria-hidden="true">–</span>
        <TextField label="Max price" hideLabel type="number" inputMode="numeric" min={0} step={50} placeholder="Max" leading="$" value={max} onChange={(e) => setMax(e.target.value)} />
      </PriceGroup>
      <ToggleCell>
        <ViewToggle value={params.view} onChange={(view) => onChange({ view })} />
      </ToggleCell>
      {/* Enter in a text field applies at once */}
      <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
    </Bar>
  );
}
