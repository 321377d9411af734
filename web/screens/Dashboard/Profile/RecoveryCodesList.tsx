import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { ButtonRow } from './ButtonRow.ts';

const Warning = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.amber};
`;

const Codes = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(130px, 1fr));
  gap: 6px 16px;
  margin: 0;
  padding: 12px;
  list-style: none;
  border: 1px dashed ${({ theme }) => theme.colors.amberBorder};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.text};
`;

/** Recovery codes, shown this once: copy them, then say they are saved. */
export function RecoveryCodesList({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { toast } = useToast();
  function copy() {
    navigator.clipboard
      ?.writeText(codes.join('\n'))
      .then(() => toast({ title: 'Copied', description: 'Recovery codes copied to the clipboard.' }))
      .catch(() => toast({ variant: 'destructive', title: 'Not Copied', description: 'Select the codes and copy them by hand.' }));
  }
  return (
    <>
      <Warning role="status">Save these recovery codes now: they are shown only once. Each one signs you in once if you lose your phone.</Warning>
      <Codes aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Codes>
      <ButtonRow>
        <Button type="button" variant="secondary" onClick={copy}>
          Copy codes
        </Button>
        <Button type="button" variant="primary" onClick={onDone}>
          I have saved them
        </Button>
      </ButtonRow>
    </>
  );
}
