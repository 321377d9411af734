import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button.tsx';
import { CopyButton } from './CopyButton.tsx';
import { Icon } from './Icon.tsx';

// The server answers a new secret (an API key, an API token, a webhook's signing secret) in one
// answer only and keeps its hash: this box is the one chance to copy it, and all of them look and
// behave alike, so people learn it once.

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.amberBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.amberSoft};
`;

const Notice = styled.p`
  display: flex;
  gap: 6px;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.amber};

  svg { flex: none; margin-top: 3px; }
  code { font-family: ${({ theme }) => theme.fonts.mono}; color: ${({ theme }) => theme.colors.text}; }
`;

const SecretLine = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  flex-wrap: wrap;
`;

const Secret = styled.code`
  flex: 1 1 260px;
  min-width: 0;
  padding: 6px 8px;
  overflow-wrap: anywhere;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textStrong};
  background: ${({ theme }) => theme.colors.bg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  user-select: all;
`;

export type SecretOnceProps = {
  /** what the secret is, in words: names the box ('Your new API key') */
  title: string;
  secret: string;
  /** the copy button's accessible name ('Copy API key') */
  copyLabel: string;
  /** what to do with it: shown above the secret beside a warning sign */
  children: ReactNode;
  /** the acknowledgement that hides the secret ('I saved it'); without it the box stays until the page is left */
  done?: { label: string; onDone: () => void };
  testId?: string;
  secretTestId?: string;
};

/** A secret shown in full this once, with Copy and, when given, the acknowledgement that hides it. */
export function SecretOnce({ title, secret, copyLabel, children, done, testId, secretTestId }: SecretOnceProps) {
  return (
    <Box role="region" aria-label={title} data-testid={testId}>
      <Notice role="note">
        <Icon name="alert" size={14} aria-hidden />
        <span>{children}</span>
      </Notice>
      <SecretLine>
        <Secret data-testid={secretTestId}>{secret}</Secret>
        <CopyButton text={secret} label={copyLabel} />
        {done && (
          <Button size="sm" variant="ghost" onClick={done.onDone}>
            {done.label}
          </Button>
        )}
      </SecretLine>
    </Box>
  );
}
