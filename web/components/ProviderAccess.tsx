import styled from 'styled-components';
import { Icon } from './Icon.tsx';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.blueBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.blueSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Label = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Url = styled.a`
  display: inline-flex;
  align-items: flex-start;
  gap: 6px;
  font-family: ${({ theme }) => theme.fonts.mono};
  color: ${({ theme }) => theme.colors.blue};
  overflow-wrap: anywhere;

  svg {
    flex: none;
    margin-top: 3px;
  }
`;

const Instructions = styled.p`
  color: ${({ theme }) => theme.colors.text};
  line-height: 1.5;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Note = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export type ProviderAccessProps = {
  url: string;
  instructions?: string | null;
  providerName: string;
};

/**
 * What a buyer gets of a listing delivered by its provider's own link: the link, the provider's
 * instructions, and that the marketplace's API key is not a login there (the escrow page and the
 * data library show the same box).
 */
export function ProviderAccess({ url, instructions, providerName }: ProviderAccessProps) {
  return (
    <Box data-testid="provider-access">
      <Label>{providerName}’s link</Label>
      <Url href={url} target="_blank" rel="noopener noreferrer">
        <Icon name="external" size={12} aria-hidden />
        {url}
      </Url>
      {instructions && <Instructions>{instructions}</Instructions>}
      <Note>
        The data is on {providerName}’s site: follow their instructions there. Your DATA PIT API key does not sign you in there.
      </Note>
    </Box>
  );
}
