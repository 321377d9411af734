import { useState } from 'react';
import { graphql, useRefetchableFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Table, TableScroll } from '../../../components/DataTable.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { formatDate, formatDateTime, timeAgo } from '../../../format/format.ts';
import type { ApiTokensSection_viewer$key } from '../../../__generated__/ApiTokensSection_viewer.graphql.ts';
import { useRevokeApiTokenMutation } from './ApiTokenMutations.ts';
import { CreateApiTokenForm } from './CreateApiTokenForm.tsx';
import { SecretOnce } from '../../../components/SecretOnce.tsx';
import { scopeName } from './apiTokenScopes.ts';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding: 16px;
`;

const Scopes = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px;
`;

const Empty = styled.p`
  margin: 0;
  padding: 16px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

// On a phone the prefix and the expiry go under the name and the dates fold away, so the row
// (name, scopes, revoke) fits without scrolling sideways.
const Tokens = styled(Table)`
  ${({ theme }) => theme.media.mobile} {
    th:nth-child(2), td:nth-child(2),
    th:nth-child(4), td:nth-child(4),
    th:nth-child(5), td:nth-child(5),
    th:nth-child(6), td:nth-child(6) {
      display: none;
    }
  }
  ${({ theme }) => theme.media.sm} {
    .prefix-under {
      display: none;
    }
  }
`;

const PrefixUnder = styled.span.attrs({ className: 'prefix-under' })`
  display: block;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The viewer's personal API tokens: create (the secret revealed once), the list, revoke. */
export function ApiTokensSection({ viewer, isAdmin }: { viewer: ApiTokensSection_viewer$key; isAdmin: boolean }) {
  const [data, refetch] = useRefetchableFragment(
    graphql`
      fragment ApiTokensSection_viewer on User @refetchable(queryName: "ApiTokensSectionRefetchQuery") {
        apiTokens {
          tokenId
          name
          prefix
          scopes
          createdAt
          lastUsedAt
          expiresAt
          revokedAt
        }
      }
    `,
    viewer,
  );
  const { toast } = useToast();
  const [revoke, revoking] = useRevokeApiTokenMutation();
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [confirming, setConfirming] = useState<{ tokenId: string; name: string } | null>(null);
  const reload = () => refetch({}, { fetchPolicy: 'network-only' });
  const now = Date.now();
  const tokens = data.apiTokens ?? [];

  function confirmRevoke() {
    if (!confirming) return;
    revoke({
      variables: { tokenId: confirming.tokenId },
      onCompleted: ({ revokeApiToken: r }) => {
        setConfirming(null);
        if (r.__typename === 'MutationRevokeApiTokenSuccess') {
          toast({ title: 'Token Revoked', description: `“${confirming.name}” no longer works.` });
          reload();
        } else toast({ variant: 'destructive', title: 'Not Revoked', description: r.message ?? 'The token could not be revoked.' });
      },
      onError: (error) => void toast({ variant: 'destructive', title: 'Not Revoked', description: error.message }),
    });
  }

  return (
    <>
      <Panel title="New API token" padding="none">
        <Body>
          {created ? (
            <SecretOnce
              title="New API token"
              secret={created.token}
              copyLabel="Copy token"
              done={{ label: 'I have stored it', onDone: () => setCreated(null) }}
              secretTestId="new-api-token"
            >
              Copy the token “{created.name}” now: you won’t see it again. Send it as <code>Authorization: Bearer &lt;token&gt;</code>.
            </SecretOnce>
          ) : (
            <CreateApiTokenForm
              isAdmin={isAdmin}
              onCreated={(c) => {
                setCreated(c);
                reload();
              }}
            />
          )}
        </Body>
      </Panel>
      <Panel title="API tokens" padding="none">
        {tokens.length === 0 ? (
          <Empty>No tokens yet. A token lets a program call the REST API and GraphQL as you, within its scopes.</Empty>
        ) : (
          <TableScroll>
            <Tokens aria-label="API tokens">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Prefix</th>
                  <th>Scopes</th>
                  <th>Created</th>
                  <th>Last used</th>
                  <th>Expires</th>
                  <th>
                    <VisuallyHidden>Action</VisuallyHidden>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tokens.map((t) => {
                  const expired = new Date(t.expiresAt).getTime() <= now;
                  return (
                    <tr key={t.tokenId} data-testid="api-token-row">
                      <td className="strong">
                        {t.name}
                        <PrefixUnder aria-hidden="true">{t.prefix}…</PrefixUnder>
                        <PrefixUnder aria-hidden="true">{t.revokedAt ? 'Revoked' : expired ? 'Expired' : `Expires ${formatDate(t.expiresAt)}`}</PrefixUnder>
                      </td>
                      <td className="mono">{t.prefix}…</td>
                      <td>
                        <Scopes>
                          {t.scopes.map((s) => (
                            <Badge key={s} size="sm" tone="neutral">
                              {scopeName(s)}
                            </Badge>
                          ))}
                        </Scopes>
                      </td>
                      <td className="mono" title={formatDateTime(t.createdAt)}>
                        {formatDate(t.createdAt)}
                      </td>
                      <td className="mono" title={t.lastUsedAt ? formatDateTime(t.lastUsedAt) : undefined}>
                        {t.lastUsedAt ? timeAgo(t.lastUsedAt) : 'Never'}
                      </td>
                      <td className="mono" title={formatDateTime(t.expiresAt)}>
                        {t.revokedAt ? (
                          <Badge size="sm" tone="red">
                            Revoked
                          </Badge>
                        ) : expired ? (
                          <Badge size="sm" tone="amber">
                            Expired
                          </Badge>
                        ) : (
                          formatDate(t.expiresAt)
                        )}
                      </td>
                      <td className="num">
                        {!t.revokedAt && (
                          <Button size="sm" variant="secondary" onClick={() => setConfirming({ tokenId: t.tokenId, name: t.name })} aria-label={`Revoke ${t.name}`}>
                            Revoke
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Tokens>
          </TableScroll>
        )}
      </Panel>
      <ConfirmDialog
        open={confirming !== null}
        title="Revoke this token?"
        confirmLabel="Revoke token"
        variant="danger"
        busy={revoking}
        onConfirm={confirmRevoke}
        onCancel={() => setConfirming(null)}
      >
        <p>Programs using “{confirming?.name}” are refused from now on. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
