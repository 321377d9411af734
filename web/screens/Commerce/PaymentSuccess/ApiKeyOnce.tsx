import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { useToast } from '../../../components/toast/useToast.ts';

const Key = styled.code`
  display: block;
  flex: 1;
  min-width: 0;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.bg};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textStrong};
  overflow-wrap: anywhere;
  user-select: all;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
`;

const Warning = styled.p`
  display: flex;
  gap: 8px;
  margin-top: 10px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.amber};

  svg { flex: none; margin-top: 2px; }
`;

export type ApiKeyOnceProps = {
  apiKey: string;
  /** the listing is delivered only by its provider's own link: the key opens the call that answers it */
  byLink: boolean;
};

/**
 * The API key escrow issued, in full. The server shows each key in one answer only (the one that
 * issued it), so this is the buyer's one chance to copy it; the library shows its prefix later and
 * never changes it (only Rotate does).
 */
export function ApiKeyOnce({ apiKey, byLink }: ApiKeyOnceProps) {
  const { toast } = useToast();
  const [copied, setCopied] = useState(false);
  return (
    <Panel title="Your API key" accent="amber" data-testid="api-key-once">
      <Row>
        <Key data-testid="api-key">{apiKey}</Key>
        <Button
          size="sm"
          aria-label="Copy API key"
          onClick={() => {
            navigator.clipboard
              .writeText(apiKey)
              .then(() => {
                setCopied(true);
                window.setTimeout(() => setCopied(false), 2000);
              })
              .catch(() => toast({ variant: 'warning', title: 'Copy Failed', description: 'Select the key and copy it by hand.' }));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </Row>
      <Warning role="note">
        <Icon name="alert" size={14} />
        <span>
          Shown once: copy it now and keep it safe.{' '}
          {byLink
            ? 'Sent as the X-API-Key header, it opens this marketplace’s call that answers the provider’s link and instructions; it does not sign you in on the provider’s site.'
            : 'Send it as the X-API-Key header to download or stream the data.'}{' '}
          Your library shows only its first characters and never changes it; Rotate there replaces it.
        </span>
      </Warning>
    </Panel>
  );
}
