import styled from 'styled-components';
import { formatMoney } from '../../../format/format.ts';
import { labelText } from '../../../theme/text.ts';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 12px 16px;
  background: ${({ theme }) => theme.colors.panel};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 4px 16px;
  ${labelText}
`;

const Bar = styled.div`
  display: flex;
  height: 10px;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.xs};
  background: ${({ theme }) => theme.colors.bg};
`;

const Part = styled.span<{ $share: number; $color: 'up' | 'amber' }>`
  flex: 0 0 ${({ $share }) => $share}%;
  background: ${({ theme, $color }) => theme.colors[$color]};
`;

const Legend = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 22px;
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;

  > div {
    display: flex;
    align-items: baseline;
    gap: 8px;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.textStrong};
  }
`;

const Swatch = styled.span<{ $color: 'up' | 'amber' }>`
  display: inline-block;
  width: 9px;
  height: 9px;
  margin-right: 6px;
  border-radius: 1px;
  background: ${({ theme, $color }) => theme.colors[$color]};
`;

export type CommissionSplitProps = {
  volume: number;
  platform: number;
  providers: number;
  /** percent the platform keeps (10) */
  commissionRate: number;
};

/** Where each released dollar goes: 90% to the provider, 10% commission to the platform. */
export function CommissionSplit({ volume, platform, providers, commissionRate }: CommissionSplitProps) {
  const providerRate = 100 - commissionRate;
  return (
    <Box role="group" aria-label="Commission split" data-testid="commission-split">
      <Head>
        <span>
          Commission split · {providerRate}/{commissionRate}
        </span>
        <span>Released volume {formatMoney(volume)}</span>
      </Head>
      <Bar aria-hidden="true">
        <Part $share={providerRate} $color="up" />
        <Part $share={commissionRate} $color="amber" />
      </Bar>
      <Legend>
        <div>
          <dt>
            <Swatch $color="up" aria-hidden="true" />
            Providers {providerRate}%
          </dt>
          <dd>{formatMoney(providers)}</dd>
        </div>
        <div>
          <dt>
            <Swatch $color="amber" aria-hidden="true" />
            Platform commission {commissionRate}%
          </dt>
          <dd>{formatMoney(platform)}</dd>
        </div>
      </Legend>
    </Box>
  );
}
