import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { useToast } from '../../../components/toast/useToast.ts';

const Secret = styled.code`
  display: block;
  flex: 1;
  min-width: 0;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.bg};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textStrong};
  overflow-wrap: anywhere;
  user-select: all;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
`;

const Note = styled.p`
  display: flex;
  gap: 8px;
  margin-top: 10px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.amber};

  svg { flex: none; margin-top: 2px; }
  code { font-family: ${({ theme }) => theme.fonts.mono}; color: ${({ theme }) => theme.colors.text}; }
`;

/** A new endpoint's signing secret: the server answers it once, so this is the one chance to copy it. */
export function SecretOnce({ secret, url, onDone }: { secret: string; url: string; onDone: () => void }) {
  const { toast } = useToast();
  const [copied, setCopied] = useState(false);
  return (
    <Panel title="Signing secret" accent="amber" data-testid="webhook-secret-once" actions={<Button size="sm" variant="ghost" onClick={onDone}>Done</Button>}>
      <Row>
        <Secret data-testid="webhook-secret">{secret}</Secret>
        <Button
          size="sm"
          aria-label="Copy signing secret"
          onClick={() => {
            navigator.clipboard
              .writeText(secret)
              .then(() => {
                setCopied(true);
                window.setTimeout(() => setCopied(false), 2000);
              })
              .catch(() => toast({ variant: 'warning', title: 'Copy Failed', description: 'Select the secret and copy it by hand.' }));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </Row>
      <Note role="note">
        <Icon name="alert" size={14} />
        <span>
          Shown once for {url}: copy it now. Verify each delivery: <code>DataPit-Signature: t=…,v1=…</code> is the hex HMAC-SHA256 of <code>t.body</code> with this secret.
        </span>
      </Note>
    </Panel>
  );
}
