import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { useToast } from '../../../components/toast/useToast.ts';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 12px;
  border: 1px dashed ${({ theme }) => theme.colors.amberBorder};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Warning = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.amber};
`;

const Secret = styled.code`
  display: block;
  padding: 8px 10px;
  overflow-wrap: anywhere;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textStrong};
  background: ${({ theme }) => theme.colors.bg};
  border-radius: ${({ theme }) => theme.radii.sm};
  user-select: all;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** A new token's secret, shown this once: copy it, then say it is stored. */
export function RevealedToken({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  const { toast } = useToast();
  function copy() {
    navigator.clipboard
      ?.writeText(token)
      .then(() => toast({ title: 'Copied', description: 'The token is on the clipboard.' }))
      .catch(() => toast({ variant: 'destructive', title: 'Not Copied', description: 'Select the token and copy it by hand.' }));
  }
  return (
    <Box>
      <Warning role="status">
        Copy the token “{name}” now: you won’t see it again. Send it as <code>Authorization: Bearer &lt;token&gt;</code>.
      </Warning>
      <Secret data-testid="new-api-token" aria-label="New API token">
        {token}
      </Secret>
      <Buttons>
        <Button type="button" variant="secondary" onClick={copy}>
          Copy token
        </Button>
        <Button type="button" variant="primary" onClick={onDone}>
          I have stored it
        </Button>
      </Buttons>
    </Box>
  );
}
