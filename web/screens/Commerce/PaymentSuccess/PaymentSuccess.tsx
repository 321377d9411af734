import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import type { PaymentSuccessQuery as PaymentSuccessQueryType } from '../../../__generated__/PaymentSuccessQuery.graphql.ts';
import { ContractNotFound } from '../../shared/ContractNotFound.tsx';
import { RouteQueryBoundary, useRouteQuery } from '../../shared/ReloadBoundary.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { SecretOnce } from '../../../components/SecretOnce.tsx';
import { DisputeSection } from './DisputeSection.tsx';
import { EscrowPanel } from './EscrowPanel.tsx';
import { NextSteps } from './NextSteps.tsx';
import { PaymentSuccessQuery, type PaymentSuccessLoaderData } from './PaymentSuccessQuery.ts';
import { usePaymentUpdates } from './usePaymentUpdates.ts';

// Wide screens: status, key and dispute on the left, next steps on the right. Narrow screens: one
// column in reading order (status, key, next steps, then the dispute form).
const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;

  > * { min-width: 0; }

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(0, 1fr) 380px;
    grid-auto-flow: row dense;
    align-items: start;

    > * { grid-column: 1; }
    > .steps { grid-column: 2; grid-row: 1 / span 3; }
  }
`;

/** The API key the payment page passes along (router state), right after escrow issued it. */
function takeIssuedKey(state: unknown): string | null {
  const key = (state as { apiKey?: unknown } | null)?.apiKey;
  return typeof key === 'string' && key ? key : null;
}

/** /payment-success/:contractId. Escrow status, countdown, next steps and the dispute form. */
export function PaymentSuccess() {
  return (
    <RouteQueryBoundary title="Failed to load the payment">
      <PaymentSuccessContent />
    </RouteQueryBoundary>
  );
}

function PaymentSuccessContent() {
  const { contractId, data } = useRouteQuery<PaymentSuccessQueryType, PaymentSuccessLoaderData>(PaymentSuccessQuery);
  const location = useLocation();
  const navigate = useNavigate();
  // Keep the key in memory and drop it from the history entry at once, so going back and forth
  // or reloading never shows it again.
  const [apiKey] = useState(() => takeIssuedKey(location.state));
  useEffect(() => {
    if (takeIssuedKey(location.state)) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);
  const disputeRef = useRef<HTMLSelectElement>(null);
  const { contract, viewer } = data;
  const payment = data.myPaymentForContract ?? null;
  usePageTitle(contract ? `Escrow · ${contract.title}` : 'Contract Not Found');
  // Followed live (docs/decisions.md, "Payments: the rooms"): a payment being confirmed shows its
  // escrow, or why it failed, as soon as it ends; a dispute and its settlement show as they happen.
  usePaymentUpdates(payment?.id ?? null);

  if (!contract) {
    return (
      <ContractNotFound description="The contract of this payment does not exist or is not open to you." />
    );
  }

  if (!viewer) {
    return (
      <EmptyState
        page
        icon="lock"
        title="Log in to see your payment"
        description="Your escrow status is shown to you only: log in and you come back to this page."
        action={
          <ButtonLink to={`/auth/login?next=${encodeURIComponent(`/payment-success/${contractId}`)}`} variant="primary" icon={<Icon name="user" size={14} />}>
            Log in
          </ButtonLink>
        }
      />
    );
  }

  if (payment?.status === 'processing') {
    return (
      <EmptyState
        page
        icon="info"
        title="Confirming your payment"
        description={`The payment provider has not answered yet for ${contract.title}. Your card is charged at most once; this page follows the payment and shows its escrow as soon as it is confirmed.`}
      />
    );
  }

  const paid = payment && payment.status !== 'pending' && payment.status !== 'failed';
  if (!paid) {
    return (
      <EmptyState
        page
        icon="inbox"
        title="No payment for this contract"
        description={
          payment?.status === 'failed'
            ? `Your last payment for ${contract.title} did not go through${payment.failureReason ? ` (${payment.failureReason})` : ''}; nothing is held in escrow.`
            : `You have not paid for ${contract.title} yet, so nothing is held in escrow.`
        }
        action={
          <ButtonLink to={`/payment/${contract.contractId}`} variant="primary" icon={<Icon name="lock" size={14} />}>
            Go to payment
          </ButtonLink>
        }
      />
    );
  }

  return (
    <>
      <PageTitle
        eyebrow="Escrow"
        subtitle={`${contract.title} · from ${contract.provider.name}`}
        actions={
          <ButtonLink to={`/contract/${contract.contractId}`} variant="ghost" size="sm">
            Back to the contract
          </ButtonLink>
        }
      >
        {payment.status === 'escrowed' ? 'PAYMENT IN ESCROW' : 'YOUR PAYMENT'}
      </PageTitle>
      <Grid>
        <EscrowPanel payment={payment} />
        {apiKey && (
          // The server shows each key in one answer only (the one that issued it); the library shows
          // its prefix later and never changes it (only Rotate does).
          <SecretOnce title="Your API key" secret={apiKey} copyLabel="Copy API key" testId="api-key-once" secretTestId="api-key">
            Shown once: copy it now and keep it safe.{' '}
            {contract.dataAccessType === 'external_link'
              ? 'Sent as the X-API-Key header, it opens this marketplace’s call that answers the provider’s link and instructions; it does not sign you in on the provider’s site.'
              : 'Send it as the X-API-Key header to download or stream the data.'}{' '}
            Your library shows only its first characters and never changes it; Rotate there replaces it.
          </SecretOnce>
        )}
        <div className="steps">
          <NextSteps
            payment={payment}
            onRaiseDispute={() => {
              disputeRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
              disputeRef.current?.focus({ preventScroll: true });
            }}
          />
        </div>
        <DisputeSection ref={disputeRef} payment={payment} />
      </Grid>
    </>
  );
}
