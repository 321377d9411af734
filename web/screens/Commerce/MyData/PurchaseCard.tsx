import { Suspense, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { ProviderAccess } from '../../../components/ProviderAccess.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { PurchaseCard_purchase$key } from '../../../__generated__/PurchaseCard_purchase.graphql.ts';
import { formatDate, formatMoney } from '../../../format/format.ts';
import { pricingModelLabel } from '../../../format/labels.ts';
import { DeveloperAccess } from './DeveloperPanel.tsx';
import { DownloadControl } from './DownloadControl.tsx';
import type { ExternalLinkAnswer } from './downloadData.ts';
import { EscrowLine } from './EscrowLine.tsx';
import { KeyReveal } from './KeyReveal.tsx';
import { accessBadge, canRenew, isRefunded } from './libraryRules.ts';
import { Actions, Buttons, Card, Facts, Heading, Muted, Title, TitleLine, Top } from './purchaseCardLayout.ts';
import { PurchaseReview } from './PurchaseReview.tsx';
import { useRequestDataAccessMutation } from './RequestDataAccessMutation.ts';
import { useRotateApiKeyMutation } from './RotateApiKeyMutation.ts';

const BADGE_TONES = { ACTIVE: 'green', EXPIRED: 'red', INACTIVE: 'neutral', REFUNDED: 'neutral' } as const;

export type PurchaseCardProps = { purchase: PurchaseCard_purchase$key };

/** One purchase in the library: what was bought, its access and escrow, and what the buyer can do with it. */
export function PurchaseCard({ purchase }: PurchaseCardProps) {
  const p = useFragment(
    graphql`
      fragment PurchaseCard_purchase on Purchase {
        id
        purchaseId
        status
        amount
        purchaseDate
        accessExpiresAt
        hasAccess
        accessExpired
        apiKeyPrefix
        downloadPath
        externalAccess {
          url
          instructions
        }
        contract {
          contractId
          title
          ticker
          pricingModel
          dataAccessType
          provider {
            name
          }
        }
        payment {
          status
          escrowEndsAt
        }
        ...PurchaseReview_purchase
      }
    `,
    purchase,
  );
  const { toast } = useToast();
  const [requestAccess, requesting] = useRequestDataAccessMutation();
  const [rotate, rotating] = useRotateApiKeyMutation();
  const [fullKey, setFullKey] = useState<string | null>(null);
  const [developerOpen, setDeveloperOpen] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [uses, setUses] = useState(0);
  const [answeredLink, setAnsweredLink] = useState<ExternalLinkAnswer | null>(null);

  const refunded = isRefunded({ purchaseStatus: p.status, paymentStatus: p.payment?.status });
  const badge = accessBadge({ ...p, refunded });
  const renew = canRenew({ pricingModel: p.contract.pricingModel, accessExpired: p.accessExpired, purchaseStatus: p.status, paymentStatus: p.payment?.status });
  const link = p.externalAccess ? { dataAccessUrl: p.externalAccess.url, accessInstructions: p.externalAccess.instructions } : answeredLink;
  const hasFile = p.contract.dataAccessType !== 'external_link';
  const used = () => setUses((n) => n + 1);

  function onRequestAccess() {
    const failed = () => {
      toast({ variant: 'destructive', title: 'Access Failed', description: 'Unable to access data. Please check your subscription.' });
    };
    requestAccess({
      variables: { input: { purchaseId: p.purchaseId } },
      onCompleted: ({ requestDataAccess: r }) => {
        used();
        if (r.__typename !== 'MutationRequestDataAccessSuccess' || !r.data) return failed();
        setDeveloperOpen(true);
        if (r.data.apiKey) {
          // this purchase had no key yet: the one issued now is shown this once
          setFullKey(r.data.apiKey);
          toast({ title: 'Data Access Granted', description: 'Your API key is shown once below: copy it now.' });
        } else {
          // reading access changes no key: the one the buyer saved keeps working
          toast({
            title: 'Your API Key',
            description: `It starts ${r.data.apiKeyPrefix ?? ''}…: the key shown in full when you paid (or rotated) keeps working. Lost it? Rotate key issues a new one.`,
          });
        }
      },
      onError: failed,
    });
  }

  function onRotate() {
    const failed = (message?: string) => {
      toast({ variant: 'destructive', title: 'Rotation Failed', description: message || 'The key could not be rotated. Please try again.' });
    };
    rotate({
      variables: { input: { purchaseId: p.purchaseId } },
      onCompleted: ({ rotateApiKey: r }) => {
        setConfirmRotate(false);
        used();
        if (r.__typename !== 'MutationRotateApiKeySuccess' || !r.data?.apiKey) return failed(r.__typename === '%other' || r.__typename === 'MutationRotateApiKeySuccess' ? undefined : r.message);
        setFullKey(r.data.apiKey);
        setDeveloperOpen(true);
        toast({ title: 'API Key Rotated', description: 'The old key no longer works. The new one is shown once below.' });
      },
      onError: (error) => {
        setConfirmRotate(false);
        failed(error.message);
      },
    });
  }

  return (
    <Card data-testid="library-item" aria-label={p.contract.title}>
      <Top>
        <TitleLine>
          <Badge size="sm" tone="blue">
            {p.contract.ticker}
          </Badge>
          <Heading>
            <Title to={`/contract/${p.contract.contractId}`} title={p.contract.title}>
              {p.contract.title}
            </Title>
          </Heading>
        </TitleLine>
        <Badge tone={BADGE_TONES[badge]} dot data-testid="access-badge">
          {badge}
        </Badge>
      </Top>
      <Facts>
        <div>
          <dt>Provider</dt>
          <dd>{p.contract.provider.name}</dd>
        </div>
        <div>
          <dt>Pricing</dt>
          <dd>{pricingModelLabel(p.contract.pricingModel)}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatMoney(p.amount)}</dd>
        </div>
        <div>
          <dt>Purchased</dt>
          <dd>{formatDate(p.purchaseDate)}</dd>
        </div>
        <div>
          <dt>{refunded ? 'Access' : p.accessExpired ? 'Access ended' : 'Access until'}</dt>
          <dd>{refunded ? 'Ended (refunded)' : p.accessExpiresAt ? formatDate(p.accessExpiresAt) : p.hasAccess ? 'No expiry' : '—'}</dd>
        </div>
        <div>
          <dt>Escrow</dt>
          <dd>
            <EscrowLine payment={p.payment} />
          </dd>
        </div>
      </Facts>

      <Actions>
        {p.hasAccess && hasFile ? (
          <DownloadControl downloadPath={p.downloadPath} title={p.contract.title} onUsed={used} onLink={setAnsweredLink} />
        ) : (
          <Muted data-testid="library-note">
            {p.hasAccess ? (
              `${p.contract.provider.name} delivers this data from their own site: their link and instructions are below.`
            ) : refunded ? (
              <>
                Refunded: the money went back to you and this data is no longer available. You can buy it again from{' '}
                <Link to={`/contract/${p.contract.contractId}`}>the listing</Link>.
              </>
            ) : p.status === 'pending' ? (
              'The payment is not complete yet.'
            ) : p.accessExpired ? (
              'Access ended: renew to use this data again.'
            ) : (
              'No access to this data.'
            )}
          </Muted>
        )}
        <Buttons>
          {p.status === 'pending' && (
            <ButtonLink size="sm" variant="primary" to={`/payment/${p.contract.contractId}`}>
              Complete payment
            </ButtonLink>
          )}
          {p.hasAccess && (
            // Reading access never changes a key: with a key it shows the prefix; without one it issues the first
            <Button size="sm" variant="secondary" busy={requesting} onClick={onRequestAccess}>
              {p.apiKeyPrefix ? 'Show key prefix' : 'Issue API key'}
            </Button>
          )}
          {p.hasAccess && p.apiKeyPrefix && (
            <Button size="sm" variant="ghost" onClick={() => setConfirmRotate(true)}>
              Rotate key
            </Button>
          )}
          {renew && (
            <ButtonLink size="sm" variant="secondary" to={`/payment/${p.contract.contractId}`}>
              Renew
            </ButtonLink>
          )}
          <Button size="sm" variant="ghost" aria-expanded={developerOpen} onClick={() => setDeveloperOpen((o) => !o)}>
            {developerOpen ? 'Hide developer access' : 'Developer access'}
          </Button>
        </Buttons>
      </Actions>

      {link && <ProviderAccess url={link.dataAccessUrl} instructions={link.accessInstructions} providerName={p.contract.provider.name} />}

      {fullKey && <KeyReveal apiKey={fullKey} onDismiss={() => setFullKey(null)} />}
      {developerOpen && (
        <Suspense fallback={<Skeleton height={120} />}>
          <DeveloperAccess purchaseId={p.id} fullKey={fullKey} refreshKey={uses} />
        </Suspense>
      )}
      <PurchaseReview purchase={p} providerName={p.contract.provider.name} contractTitle={p.contract.title} />

      <Dialog
        open={confirmRotate}
        onClose={() => setConfirmRotate(false)}
        title="Rotate API key"
        width={460}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirmRotate(false)}>
              Cancel
            </Button>
            <Button variant="danger" busy={rotating} onClick={onRotate}>
              Rotate key
            </Button>
          </>
        }
      >
        <Muted>
          The key {p.apiKeyPrefix}… stops working at once; scripts that use it must switch to the new key, which is shown only once.
        </Muted>
      </Dialog>
    </Card>
  );
}
