import styled, { useTheme } from 'styled-components';
import type { Theme } from '../theme/theme.ts';
import { passwordRules, passwordStrength } from './passwordStrength.ts';
import { VisuallyHidden } from './VisuallyHidden.tsx';

export type PasswordStrengthMeterProps = {
  password: string;
  /** show the rule checklist under the bar (default true) */
  showRules?: boolean;
  className?: string;
};

function scoreColor(t: Theme, score: number): string {
  if (score <= 2) return t.colors.down;
  if (score === 3) return t.colors.amber;
  if (score === 4) return t.colors.blue;
  return t.colors.up;
}

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Level = styled.span<{ $color: string }>`
  color: ${({ $color }) => $color};
  font-weight: 700;
`;

const Bar = styled.div`
  display: grid;
  grid-template-columns: repeat(5, 1fr);
  gap: 3px;
`;

const Segment = styled.span<{ $on: boolean; $color: string }>`
  height: 4px;
  border-radius: 1px;
  background: ${({ $on, $color, theme }) => ($on ? $color : theme.colors.border)};
  box-shadow: ${({ $on, $color }) => ($on ? `0 0 6px ${$color}55` : 'none')};
  transition: background ${({ theme }) => theme.transitions.base};
`;

const Rules = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(170px, 1fr));
  gap: 3px 12px;
`;

const Rule = styled.li<{ $met: boolean }>`
  display: flex;
  align-items: center;
  gap: 6px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ $met, theme }) => ($met ? theme.colors.up : theme.colors.textDim)};

  &::before {
    content: '${({ $met }) => ($met ? '✓' : '·')}';
    display: inline-grid;
    place-items: center;
    width: 12px;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-weight: 700;
  }
`;

export function PasswordStrengthMeter({ password, showRules = true, className }: PasswordStrengthMeterProps) {
  const theme = useTheme();
  const { score, label } = passwordStrength(password);
  const rules = passwordRules(password);
  const color = scoreColor(theme, score);

  return (
    <Wrap className={className}>
      <Head>
        <span>Password strength</span>
        <Level $color={score === 0 ? theme.colors.textDim : color} aria-live="polite" data-testid="password-strength">
          {label}
        </Level>
      </Head>
      <Bar role="meter" aria-label="Password strength" aria-valuemin={0} aria-valuemax={5} aria-valuenow={score} aria-valuetext={label}>
        {[1, 2, 3, 4, 5].map((i) => (
          <Segment key={i} $on={score >= i} $color={color} />
        ))}
      </Bar>
      {showRules && (
        <Rules aria-label="Password requirements">
          {rules.map((r) => (
            <Rule key={r.id} $met={r.met}>
              {r.label}
              <VisuallyHidden>{r.met ? ' (met)' : ' (not met)'}</VisuallyHidden>
            </Rule>
          ))}
        </Rules>
      )}
    </Wrap>
  );
}
