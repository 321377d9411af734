import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';

// The state of an account link (verify email, reset password, a link mailed): a mark, a title, a few lines.

const State = styled.div<{ $tone: 'green' | 'red' | 'blue' }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 10px;
  text-align: center;
  padding: 4px 0 6px;

  .mark {
    display: grid;
    place-items: center;
    width: 44px;
    height: 44px;
    border-radius: 50%;
    color: ${({ theme, $tone }) => ({ green: theme.colors.up, red: theme.colors.down, blue: theme.colors.blue })[$tone]};
    background: ${({ theme, $tone }) => ({ green: theme.colors.upSoft, red: theme.colors.downSoft, blue: theme.colors.blueSoft })[$tone]};
    border: 1px solid ${({ theme, $tone }) => ({ green: theme.colors.upBorder, red: theme.colors.downBorder, blue: theme.colors.blueBorder })[$tone]};
  }

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    font-size: ${({ theme }) => theme.fontSizes.md};
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }

  strong {
    color: ${({ theme }) => theme.colors.textStrong};
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`;

export function StateBlock({ tone, icon, title, children }: { tone: 'green' | 'red' | 'blue'; icon: IconName | null; title: string; children: ReactNode }) {
  return (
    <State $tone={tone} role="status">
      <span className="mark" aria-hidden="true">
        {icon ? <Icon name={icon} size={20} strokeWidth={2.2} /> : <Spinner decorative size={18} />}
      </span>
      <h2>{title}</h2>
      {children}
    </State>
  );
}

