import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled, { css } from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { Icon } from '../../../components/Icon.tsx';
import type { MarketFilters_categories$key } from '../../../__generated__/MarketFilters_categories.graphql.ts';
import type { Category, UpdateFrequency } from '../../../__generated__/MarketContractsQuery.graphql.ts';
import { FRESHNESS, PRICE_MAX, PRICE_MIN, PRICE_STEP, RATINGS, type MarketParams } from './marketParams.ts';
import { PriceRangeSlider } from './PriceRangeSlider.tsx';
import { panelHead, surface, termText } from '../../../theme/text.ts';

/** 'sidebar' = a column beside the results (the floor); 'bar' = a band above them (/browse). */
export type MarketFiltersLayout = 'sidebar' | 'bar';

const Aside = styled.aside<{ $layout: MarketFiltersLayout }>`
  min-width: 0;
  ${surface}

  ${({ theme }) => theme.media.lg} {
    ${({ $layout, theme }) =>
      $layout === 'sidebar' &&
      css`
        position: sticky;
        top: calc(${theme.layout.headerHeight} + ${theme.layout.navHeight} + ${theme.layout.tickerHeight} + 12px);
        max-height: calc(100vh - 140px);
        overflow-y: auto;
      `}
  }
`;

const Head = styled.div`
  ${panelHead}
  gap: 8px;
  padding: 9px 14px;
  border-radius: ${({ theme }) => `${theme.radii.md} ${theme.radii.md} 0 0`};
`;

const HeadTitle = styled.h2`
  display: flex;
  align-items: center;
  gap: 8px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.wide};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Count = styled.span`
  display: inline-grid;
  place-items: center;
  min-width: 18px;
  height: 18px;
  padding: 0 5px;
  border-radius: 9px;
  background: ${({ theme }) => theme.colors.up};
  color: ${({ theme }) => theme.colors.onUp};
  font-size: 10px;
`;

const MobileToggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 4px 8px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};

  svg { transition: transform ${({ theme }) => theme.transitions.fast}; }
  &[aria-expanded='true'] svg { transform: rotate(180deg); }

  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;

// In the bar the groups stand side by side, each with its own border on the right, and the
// sector list scrolls within a band as tall as the other groups.
const barCss = css`
  display: grid;
  grid-template-columns: minmax(230px, 1.2fr) minmax(200px, 1fr) minmax(160px, 0.8fr) minmax(130px, 0.6fr) 150px;
  & > fieldset {
    border-bottom: 0;
    border-right: 1px solid ${({ theme }) => theme.colors.border};
  }
  & > fieldset > div {
    max-height: 136px;
    overflow-y: auto;
  }
  & > div:last-child {
    grid-template-columns: 1fr;
    align-content: end;
  }
`;

const Form = styled.form<{ $open: boolean; $layout: MarketFiltersLayout }>`
  display: ${({ $open }) => ($open ? 'flex' : 'none')};
  flex-direction: column;

  ${({ theme }) => theme.media.lg} {
    display: flex;
    ${({ $layout }) => $layout === 'bar' && barCss}
  }
`;

const Group = styled.fieldset`
  margin: 0;
  padding: 12px 14px 14px;
  border: 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  min-width: 0;

  legend {
    float: left;
    width: 100%;
    margin-bottom: 10px;
    padding: 0;
    ${termText}
  }
  legend + * { clear: both; }
`;

const Options = styled.div`
  display: flex;
  flex-direction: column;
  gap: 7px;

  label { font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const SectorLabel = styled.span`
  display: flex;
  justify-content: space-between;
  gap: 8px;
  width: 100%;

  small {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 9px;
    font-weight: 700;
    letter-spacing: 0.08em;
    color: ${({ theme }) => theme.colors.textDim};
  }
`;

const SectorOptions = styled(Options)`
  /* the label spans the row, so the ticker tag sits at the right edge */
  & > div > label { display: flex; width: 100%; }
  & > div > label > span { flex: 1; }
`;

const Buttons = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 8px;
  padding: 12px 14px 14px;
`;

export type MarketFilterValues = Pick<MarketParams, 'category' | 'minPrice' | 'maxPrice' | 'rating' | 'freshness'>;

export type MarketFiltersProps = {
  categories: MarketFilters_categories$key;
  layout: MarketFiltersLayout;
  /** the filters in effect (from the URL); the form starts from them */
  applied: MarketFilterValues;
  onApply: (values: MarketFilterValues) => void;
  onReset: () => void;
};

/**
 * The market's filters, on the floor and on /browse alike. Changes are a draft until Apply, and
 * Apply sends every filter at once (docs/decisions.md "One way to browse").
 */
export function MarketFilters({ categories: categoriesKey, layout, applied, onApply, onReset }: MarketFiltersProps) {
  const categories = useFragment(
    graphql`
      fragment MarketFilters_categories on CategoryInfo @relay(plural: true) {
        slug
        label
        ticker
      }
    `,
    categoriesKey,
  );
  const [category, setCategory] = useState<Category | null>(applied.category);
  const [range, setRange] = useState<[number, number]>([
    Math.min(applied.minPrice ?? PRICE_MIN, PRICE_MAX),
    Math.min(applied.maxPrice ?? PRICE_MAX, PRICE_MAX),
  ]);
  const [rating, setRating] = useState<MarketParams['rating']>(applied.rating);
  const [freshness, setFreshness] = useState<UpdateFrequency[]>(applied.freshness);
  const [open, setOpen] = useState(false);

  const activeCount =
    (applied.category ? 1 : 0) +
    (applied.minPrice != null || applied.maxPrice != null ? 1 : 0) +
    (applied.rating != null ? 1 : 0) +
    (applied.freshness.length ? 1 : 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const [a, b] = range;
    const low = Math.min(a, b);
    const high = Math.max(a, b);
    onApply({
      category,
      // a bound is sent only if the minimum is above 0 or the maximum below 5000
      minPrice: low > PRICE_MIN ? low : null,
      maxPrice: high < PRICE_MAX ? high : null,
      rating,
      freshness: FRESHNESS.filter((f) => freshness.includes(f)),
    });
    setOpen(false);
  };

  return (
    <Aside $layout={layout} aria-labelledby="market-filters-title">
      <Head>
        <HeadTitle id="market-filters-title">
          <Icon name="grid" size={12} />
          FILTERS
          {activeCount > 0 && <Count aria-label={`${activeCount} active`}>{activeCount}</Count>}
        </HeadTitle>
        <MobileToggle type="button" aria-expanded={open} aria-controls="market-filters-form" onClick={() => setOpen((o) => !o)}>
          {open ? 'HIDE' : 'SHOW'}
          <Icon name="chevronDown" size={12} />
        </MobileToggle>
      </Head>
      <Form id="market-filters-form" $open={open} $layout={layout} onSubmit={submit} aria-label="Filter contracts">
        <Group>
          <legend>Price range</legend>
          <PriceRangeSlider min={PRICE_MIN} max={PRICE_MAX} step={PRICE_STEP} value={range} onChange={setRange} />
        </Group>

        <Group>
          <legend>Sector</legend>
          <SectorOptions>
            {categories.map((c) => (
              <Checkbox
                key={c.slug}
                name="category"
                value={c.slug}
                // one sector at a time: a new check replaces the previous, unchecking clears
                checked={category === c.slug}
                onChange={(e) => setCategory(e.target.checked ? c.slug : null)}
                label={
                  <SectorLabel>
                    {c.label}
                    <small aria-hidden="true">{c.ticker}</small>
                  </SectorLabel>
                }
              />
            ))}
          </SectorOptions>
        </Group>

        <Group>
          <legend>Provider rating</legend>
          <Options role="radiogroup" aria-label="Provider rating">
            <Checkbox radio name="rating" label="Any rating" checked={rating == null} onChange={() => setRating(null)} />
            {RATINGS.map((r) => (
              <Checkbox key={r.value} radio name="rating" label={r.label} checked={rating === r.value} onChange={() => setRating(r.value)} />
            ))}
          </Options>
        </Group>

        <Group>
          <legend>Data freshness</legend>
          <Options>
            {FRESHNESS.map((f) => (
              <Checkbox
                key={f}
                name="freshness"
                value={f}
                label={f[0]!.toUpperCase() + f.slice(1)}
                checked={freshness.includes(f)}
                onChange={(e) => setFreshness((list) => (e.target.checked ? [...list, f] : list.filter((x) => x !== f)))}
              />
            ))}
          </Options>
        </Group>

        <Buttons>
          <Button type="submit" variant="primary" icon={<Icon name="check" size={13} />}>
            Apply
          </Button>
          <Button type="button" variant="ghost" onClick={onReset}>
            Reset
          </Button>
        </Buttons>
      </Form>
    </Aside>
  );
}
