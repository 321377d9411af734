import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { ErrorBoundary } from '../../../relay/ErrorBoundary.tsx';
import { LoadError } from '../../../relay/RouteBoundary.tsx';
import type { PaymentQuery as PaymentQueryType } from '../../../__generated__/PaymentQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { useFollowPayment } from '../../shared/paymentStatus.ts';
import { CheckoutGrid, CheckoutMain, CheckoutNotes, CheckoutSummary } from './paymentLayout.ts';
import { PaymentForm } from './PaymentForm.tsx';
import { PaymentNotes } from './PaymentNotes.tsx';
import { PaymentQuery, type PaymentLoaderData } from './PaymentQuery.ts';
import { PaymentStanding } from './PaymentStanding.tsx';
import { paymentStanding, standingAllowsPaying } from './paymentStanding.ts';
import { PaymentSummary } from './PaymentSummary.tsx';

/** /payment/:contractId. The checkout of one contract ('CONTRACT NOT FOUND' when unknown or hidden). */
export function Payment() {
  const { query } = useLoaderData() as PaymentLoaderData;
  const revalidator = useRevalidator();
  return (
    <ErrorBoundary
      resetKeys={[query]}
      fallback={({ error }) => (
        <LoadError title="Failed to load the payment" error={error} retrying={revalidator.state === 'loading'} onRetry={() => void revalidator.revalidate()} />
      )}
    >
      <PaymentContent query={query} />
    </ErrorBoundary>
  );
}

function PaymentContent({ query }: { query: PreloadedQuery<PaymentQueryType> }) {
  const { contractId } = useLoaderData() as PaymentLoaderData;
  const data = usePreloadedQuery<PaymentQueryType>(PaymentQuery, query);
  const { contract, viewer } = data;
  usePageTitle(contract ? `Pay · ${contract.title}` : 'Contract Not Found');
  const payment = data.myPaymentForContract ?? null;
  // A payment being confirmed (another tab, an answer that was lost) is followed to its end: each
  // fresh status lands in the store, and the standing and the form follow it.
  useFollowPayment(payment?.id ?? null, payment?.status === 'processing', () => {});

  if (!contract) {
    return (
      <EmptyState
        page
        icon="alert"
        title="CONTRACT NOT FOUND"
        description="The contract you want to pay for does not exist or is not open to you."
        action={
          <ButtonLink to="/browse" variant="primary">
            BROWSE DATA
          </ButtonLink>
        }
      />
    );
  }

  const standing = paymentStanding(payment?.status, contract.pricingModel);
  const back = `/payment/${contractId}`;

  return (
    <>
      <PageTitle
        eyebrow="Escrow checkout"
        subtitle="Pay into escrow: the money is held 24 hours before it reaches the provider."
        actions={
          <ButtonLink to={`/contract/${contract.contractId}`} variant="ghost" size="sm">
            Back to the contract
          </ButtonLink>
        }
      >
        SECURE PAYMENT
      </PageTitle>
      <CheckoutGrid>
        <CheckoutSummary>
          <PaymentSummary contract={contract} />
        </CheckoutSummary>
        <CheckoutMain>
          {!viewer ? (
            <EmptyState
              icon="lock"
              title="Log in to pay"
              description="Paying needs an account: log in and you come back to this page."
              action={
                <ButtonLink to={`/auth/login?next=${encodeURIComponent(back)}`} variant="primary" icon={<Icon name="user" size={14} />}>
                  Log in
                </ButtonLink>
              }
            />
          ) : (
            <>
              {payment && <PaymentStanding payment={payment} standing={standing} />}
              <PaymentForm contract={contract} paymentOpen={standingAllowsPaying(standing)} renewal={standing === 'renewable'} />
            </>
          )}
        </CheckoutMain>
        <CheckoutNotes>
          <PaymentNotes />
        </CheckoutNotes>
      </CheckoutGrid>
    </>
  );
}
