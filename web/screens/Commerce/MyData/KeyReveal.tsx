import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { CopyButton } from './CopyButton.tsx';
import { framedStack } from '../../shared/boxStyles.ts';

const Box = styled.div`
  ${framedStack(8, '10px 12px', { border: 'amberBorder', fill: 'amberSoft' })}
`;

const Warning = styled.p`
  display: flex;
  align-items: center;
  gap: 6px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.amber};
`;

const KeyLine = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  flex-wrap: wrap;

  code {
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
  }
`;

export type KeyRevealProps = { apiKey: string; onDismiss: () => void };

/** A key shown in full this once (the server keeps only its hash): copy it now. */
export function KeyReveal({ apiKey, onDismiss }: KeyRevealProps) {
  return (
    <Box role="region" aria-label="Your new API key" data-testid="api-key-reveal">
      <Warning>
        <Icon name="alert" size={14} aria-hidden />
        Copy this key now: it will not be shown again. Lost it? Rotate the key for a new one.
      </Warning>
      <KeyLine>
        <code data-testid="api-key-full">{apiKey}</code>
        <CopyButton text={apiKey} label="Copy API key" />
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          I saved it
        </Button>
      </KeyLine>
    </Box>
  );
}
