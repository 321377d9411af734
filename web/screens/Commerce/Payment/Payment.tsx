import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import type { PaymentQuery as PaymentQueryType } from '../../../__generated__/PaymentQuery.graphql.ts';
import { ContractNotFound } from '../../shared/ContractNotFound.tsx';
import { RouteQueryBoundary, useRouteQuery } from '../../shared/ReloadBoundary.tsx';
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
  return (
    <RouteQueryBoundary title="Failed to load the payment">
      <PaymentContent />
    </RouteQueryBoundary>
  );
}

function PaymentContent() {
  const { contractId, data } = useRouteQuery<PaymentQueryType, PaymentLoaderData>(PaymentQuery);
  const { contract, viewer } = data;
  usePageTitle(contract ? `Pay · ${contract.title}` : 'Contract Not Found');
  const payment = data.myPaymentForContract ?? null;
  // A payment being confirmed (another tab, an answer that was lost) is followed to its end: each
  // fresh status lands in the store, and the standing and the form follow it.
  useFollowPayment(payment?.id ?? null, payment?.status === 'processing', () => {});

  if (!contract) {
    return (
      <ContractNotFound description="The contract you want to pay for does not exist or is not open to you." />
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
              <PaymentForm contract={contract} viewer={viewer} paymentOpen={standingAllowsPaying(standing)} renewal={standing === 'renewable'} />
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
