import { Suspense, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Fact } from '../../../components/FactsGrid.tsx';
import { InvoiceLinks } from '../../../components/InvoiceLinks.tsx';
import { ProviderAccess } from '../../../components/ProviderAccess.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import type { PurchaseCard_purchase$key } from '../../../__generated__/PurchaseCard_purchase.graphql.ts';
import { formatDate, formatMoney } from '../../../format/format.ts';
import { pricingModelLabel } from '../../../format/labels.ts';
import { DeveloperAccess } from './DeveloperPanel.tsx';
import { PurchaseReleases } from './PurchaseReleases.tsx';
import type { ExternalLinkAnswer } from './downloadData.ts';
import { EscrowLine } from './EscrowLine.tsx';
import { SecretOnce } from '../../../components/SecretOnce.tsx';
import { accessBadge, accessFact, canRenew, isRefunded } from './libraryRules.ts';
import { PurchaseNote } from './PurchaseNote.tsx';
import { Actions, Buttons, Card, Facts, Heading, Title, TitleLine, Top } from './purchaseCardLayout.ts';
import { PurchaseReview } from './PurchaseReview.tsx';
import { RenewalPanel } from './RenewalPanel.tsx';
import { RotateKeyDialog } from './RotateKeyDialog.tsx';
import { useApiKeyActions } from './useApiKeyActions.ts';

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
        renewalStatus
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
          # the documents' links (components/InvoiceLinks.tsx)
          invoice { number url }
          creditNote { number url }
        }
        ...PurchaseReview_purchase
        ...RenewalPanel_purchase
      }
    `,
    purchase,
  );
  const [developerOpen, setDeveloperOpen] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [uses, setUses] = useState(0);
  const [answeredLink, setAnsweredLink] = useState<ExternalLinkAnswer | null>(null);
  const used = () => setUses((n) => n + 1);
  const key = useApiKeyActions(p.purchaseId, { onUsed: used, onShown: () => setDeveloperOpen(true) });

  const refunded = isRefunded({ purchaseStatus: p.status, paymentStatus: p.payment?.status });
  const badge = accessBadge({ ...p, refunded });
  const access = accessFact({ ...p, refunded });
  const renew = canRenew({ pricingModel: p.contract.pricingModel, accessExpired: p.accessExpired, purchaseStatus: p.status, paymentStatus: p.payment?.status, renewalStatus: p.renewalStatus });
  const link = p.externalAccess ? { dataAccessUrl: p.externalAccess.url, accessInstructions: p.externalAccess.instructions } : answeredLink;
  const hasFile = p.contract.dataAccessType !== 'external_link';

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
        <Fact label="Provider">{p.contract.provider.name}</Fact>
        <Fact label="Pricing">{pricingModelLabel(p.contract.pricingModel)}</Fact>
        <Fact label="Amount">{formatMoney(p.amount)}</Fact>
        <Fact label="Purchased">{formatDate(p.purchaseDate)}</Fact>
        <Fact label={access.label}>{access.until ? formatDate(access.until) : access.text}</Fact>
        <Fact label="Escrow">
          <EscrowLine payment={p.payment} />
        </Fact>
      </Facts>
      <RenewalPanel purchase={p} />

      <Actions>
        {p.hasAccess && hasFile ? (
          <PurchaseReleases id={p.id} title={p.contract.title} onUsed={used} onLink={setAnsweredLink} />
        ) : (
          <PurchaseNote
            hasAccess={p.hasAccess}
            refunded={refunded}
            purchaseStatus={p.status}
            accessExpired={p.accessExpired}
            providerName={p.contract.provider.name}
            contractId={p.contract.contractId}
          />
        )}
        <Buttons>
          {p.status === 'pending' && (
            <ButtonLink size="sm" variant="primary" to={`/payment/${p.contract.contractId}`}>
              Complete payment
            </ButtonLink>
          )}
          {p.hasAccess && (
            // Reading access never changes a key: with a key it shows the prefix; without one it issues the first
            <Button size="sm" variant="secondary" busy={key.requesting} onClick={key.requestAccess}>
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
          <InvoiceLinks invoice={p.payment?.invoice} creditNote={p.payment?.creditNote} />
          <Button size="sm" variant="ghost" aria-expanded={developerOpen} onClick={() => setDeveloperOpen((o) => !o)}>
            {developerOpen ? 'Hide developer access' : 'Developer access'}
          </Button>
        </Buttons>
      </Actions>

      {link && <ProviderAccess url={link.dataAccessUrl} instructions={link.accessInstructions} providerName={p.contract.provider.name} />}

      {key.fullKey && (
        <SecretOnce
          title="Your new API key"
          secret={key.fullKey}
          copyLabel="Copy API key"
          done={{ label: 'I saved it', onDone: key.dismissKey }}
          testId="api-key-reveal"
          secretTestId="api-key-full"
        >
          Copy this key now: it will not be shown again. Lost it? Rotate the key for a new one.
        </SecretOnce>
      )}
      {developerOpen && (
        <Suspense fallback={<Skeleton height={120} />}>
          <DeveloperAccess purchaseId={p.id} fullKey={key.fullKey} refreshKey={uses} />
        </Suspense>
      )}
      <PurchaseReview purchase={p} providerName={p.contract.provider.name} contractTitle={p.contract.title} />

      <RotateKeyDialog
        open={confirmRotate}
        prefix={p.apiKeyPrefix}
        busy={key.rotating}
        onConfirm={() => key.rotateKey(() => setConfirmRotate(false))}
        onCancel={() => setConfirmRotate(false)}
      />
    </Card>
  );
}
