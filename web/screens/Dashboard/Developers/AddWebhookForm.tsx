import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { useCreateWebhook } from './WebhookMutations.ts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 14px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Fields = styled.div`
  display: grid;
  gap: 10px;
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: 2fr 1fr;
  }
`;

const Groups = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  legend {
    margin-bottom: 6px;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Grid = styled.div`
  display: grid;
  gap: 8px 16px;
  grid-template-columns: repeat(auto-fill, minmax(210px, 1fr));
  align-items: start;
`;

const Group = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  min-width: 0;
  background: ${({ theme }) => theme.colors.panelAlt};
  overflow-wrap: anywhere;

  h4 {
    margin: 0 0 2px;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.textDim};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const ErrorText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.down};
`;

export type EventTypeOption = { type: string; label: string };

/** Event types grouped by their area (`bid`, `payment`...), in the server's order. */
function groupsOf(types: readonly EventTypeOption[]) {
  const groups = new Map<string, EventTypeOption[]>();
  for (const t of types) {
    const area = t.type.split('.')[0]!;
    groups.set(area, [...(groups.get(area) ?? []), t]);
  }
  return [...groups];
}

/** Registers an endpoint: its URL, the event types it wants (or all), a note; answers the secret to show once. */
export function AddWebhookForm({ eventTypes, onCreated, onCancel }: { eventTypes: readonly EventTypeOption[]; onCreated: (secret: string, url: string) => void; onCancel: () => void }) {
  const [commit, busy] = useCreateWebhook();
  const { toast } = useToast();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [all, setAll] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});

  const toggle = (type: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const types = all ? ['*'] : [...chosen];
    if (!types.length) return setErrors({ eventTypes: 'Choose at least one event type, or all.' });
    setErrors({});
    commit({
      variables: { input: { url: url.trim(), eventTypes: types, description: description.trim() || null } },
      updater: (store) => {
        const endpoint = store.getRootField('createWebhookEndpoint')?.getLinkedRecord('data')?.getLinkedRecord('endpoint');
        const viewer = store.getRoot().getLinkedRecord('viewer');
        if (!endpoint || !viewer) return;
        viewer.setLinkedRecords([endpoint, ...(viewer.getLinkedRecords('webhookEndpoints') ?? [])], 'webhookEndpoints');
      },
      onCompleted: ({ createWebhookEndpoint: r }) => {
        if (r.__typename === 'MutationCreateWebhookEndpointSuccess') {
          if (r.data) onCreated(r.data.secret, url.trim());
          return;
        }
        if (r.__typename === '%other') {
          toast({ variant: 'destructive', title: 'Not added', description: 'Please try again.' });
          return;
        }
        const fieldErrors: Record<string, string> = 'fieldErrors' in r && r.fieldErrors ? Object.fromEntries(r.fieldErrors.map((f) => [f.field, f.message])) : {};
        setErrors(Object.keys(fieldErrors).length ? fieldErrors : { form: r.message ?? 'Not added' });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Not added', description: error.message });
      },
    });
  };

  return (
    <Form onSubmit={submit} aria-label="Add a webhook endpoint" noValidate>
      <Fields>
        <TextField label="Endpoint URL" type="url" placeholder="https://example.com/hooks/datapit" value={url} onChange={(e) => {
            setUrl(e.target.value);
            if (errors.url) setErrors(({ url: _url, ...rest }) => rest);
          }} error={errors.url} required autoComplete="off" spellCheck={false} />
        <TextField label="Description (optional)" value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} error={errors.description} />
      </Fields>
      <Groups>
        <legend>Events to send</legend>
        <Checkbox label="All events, including types added later" checked={all} onChange={(e) => setAll(e.target.checked)} />
        {!all && (
          <Grid style={{ marginTop: 8 }}>
            {groupsOf(eventTypes).map(([area, types]) => (
              <Group key={area} role="group" aria-label={`${area} events`}>
                <h4>{area}</h4>
                {types.map((t) => (
                  <Checkbox key={t.type} label={t.type} description={t.label} checked={chosen.has(t.type)} onChange={() => toggle(t.type)} />
                ))}
              </Group>
            ))}
          </Grid>
        )}
        {errors.eventTypes && <ErrorText role="alert">{errors.eventTypes}</ErrorText>}
      </Groups>
      {errors.form && <ErrorText role="alert">{errors.form}</ErrorText>}
      <Actions>
        <Button type="submit" variant="primary" busy={busy}>
          Add endpoint
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </Actions>
    </Form>
  );
}
