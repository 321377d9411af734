import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useCreateApiTokenMutation } from './ApiTokenMutations.ts';
import { EXPIRY_OPTIONS, scopeName, TOKEN_SCOPES, type TokenScope } from './apiTokenScopes.ts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  }
`;

const Scopes = styled.fieldset`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 10px 20px;
  margin: 0;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  legend {
    padding: 0 6px;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    letter-spacing: ${({ theme }) => theme.tracking.label};
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    color: ${({ theme }) => theme.colors.textStrong};
  }
`;

const Problem = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.down};
`;

/** Name, scopes and expiry of a new token; `onCreated` gets the secret, shown once. */
export function CreateApiTokenForm({ isAdmin, onCreated }: { isAdmin: boolean; onCreated: (created: { name: string; token: string }) => void }) {
  const [create, creating] = useCreateApiTokenMutation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['MARKET_READ']);
  const [days, setDays] = useState('90');
  const [problem, setProblem] = useState<string | null>(null);
  const choices = TOKEN_SCOPES.filter((s) => s.value !== 'ADMIN' || isAdmin);

  function toggle(scope: TokenScope, on: boolean) {
    setScopes((now) => (on ? [...now, scope] : now.filter((s) => s !== scope)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!name.trim()) return setProblem('Give the token a name.');
    if (scopes.length === 0) return setProblem('Choose at least one scope.');
    create({
      variables: { input: { name: name.trim(), scopes, expiresInDays: Number(days) } },
      onCompleted: ({ createApiToken: r }) => {
        if (r.__typename === 'MutationCreateApiTokenSuccess' && r.data) {
          onCreated({ name: r.data.apiToken.name, token: r.data.token });
          setName('');
        } else setProblem(r.message ?? 'The token could not be created.');
      },
      onError: (error) => setProblem(error.message),
    });
  }

  return (
    <Form onSubmit={submit} aria-label="Create an API token">
      <Row>
        <TextField label="Name" value={name} maxLength={80} placeholder="e.g. Nightly import" onChange={(e) => setName(e.target.value)} required />
        <SelectField label="Expires after" value={days} options={EXPIRY_OPTIONS} onChange={(e) => setDays(e.target.value)} />
      </Row>
      <Scopes>
        <legend>Scopes</legend>
        {choices.map((s) => (
          <Checkbox
            key={s.value}
            label={<code>{scopeName(s.value)}</code>}
            description={s.meaning}
            checked={scopes.includes(s.value)}
            onChange={(e) => toggle(s.value, e.target.checked)}
          />
        ))}
      </Scopes>
      {problem && <Problem role="alert">{problem}</Problem>}
      <div>
        <Button type="submit" variant="primary" busy={creating}>
          Create token
        </Button>
      </div>
    </Form>
  );
}
