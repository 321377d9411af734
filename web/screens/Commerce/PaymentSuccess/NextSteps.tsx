import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { ProviderAccess } from '../../../components/ProviderAccess.tsx';
import type { NextSteps_payment$key } from '../../../__generated__/NextSteps_payment.graphql.ts';
import { disputeOpen } from './disputeWindow.ts';
import { stackedList } from '../../shared/boxStyles.ts';
import { InvoiceLinks } from '../../../components/InvoiceLinks.tsx';

const Steps = styled.ol`
  ${stackedList(12)}
  counter-reset: step;

  li {
    display: grid;
    grid-template-columns: 26px minmax(0, 1fr);
    gap: 4px 10px;
    counter-increment: step;
  }
  li::before {
    content: counter(step);
    grid-row: span 2;
    display: grid;
    place-items: center;
    width: 26px;
    height: 26px;
    border: 1px solid ${({ theme }) => theme.colors.upBorder};
    border-radius: ${({ theme }) => theme.radii.sm};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.up};
  }
  p {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    line-height: 1.5;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  strong { color: ${({ theme }) => theme.colors.text}; }
  a, button { justify-self: start; }
`;

const StepBody = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 8px;
  min-width: 0;

  > [data-testid='provider-access'] {
    align-self: stretch;
  }
`;

export type NextStepsProps = { payment: NextSteps_payment$key; onRaiseDispute: () => void };

/** What the buyer gets and where (the file in the library, or the provider's link), the invoice, contact the seller, raise a dispute (while the window is open). */
export function NextSteps({ payment, onRaiseDispute }: NextStepsProps) {
  const p = useFragment(
    graphql`
      fragment NextSteps_payment on Payment {
        contractId
        status
        escrowEndsAt
        contract {
          dataAccessType
          provider {
            name
          }
        }
        purchase {
          externalAccess {
            url
            instructions
          }
        }
        # the documents' links (components/InvoiceLinks.tsx)
        invoice { number url }
        creditNote { number url }
      }
    `,
    payment,
  );
  const canDispute = disputeOpen(p.status, p.escrowEndsAt);
  const hasData = p.status === 'escrowed' || p.status === 'disputed' || p.status === 'released';
  const byLink = p.contract.dataAccessType === 'external_link';
  const link = p.purchase?.externalAccess ?? null;
  const provider = p.contract.provider.name;
  return (
    <Panel title="Next steps" data-testid="next-steps">
      <Steps>
        {!hasData ? (
          <li>
            <p>
              <strong>{p.status === 'refunded' ? 'This purchase was refunded.' : 'No access.'}</strong>{' '}
              {p.status === 'refunded' ? 'The money went back to you and the data is no longer available.' : 'Access to this data set has ended.'}
            </p>
          </li>
        ) : byLink ? (
          <li>
            <p>
              <strong>Get your data from the provider.</strong> {provider} delivers this data set from their own site: open their link and follow their
              instructions. Your library keeps them too.
            </p>
            <StepBody>
              {link && <ProviderAccess url={link.url} instructions={link.instructions} providerName={provider} />}
              <ButtonLink to="/my-data" size="sm" variant="secondary">
                Open My Data
              </ButtonLink>
            </StepBody>
          </li>
        ) : (
          <li>
            <p>
              <strong>Download your data.</strong> Your library has the download, the stream endpoint and examples for your API key
              {link ? `; ${provider} also gives their own link, below.` : '.'}
            </p>
            <StepBody>
              {link && <ProviderAccess url={link.url} instructions={link.instructions} providerName={provider} />}
              <ButtonLink to="/my-data" size="sm" variant="primary" icon={<Icon name="download" size={12} />}>
                Download data
              </ButtonLink>
            </StepBody>
          </li>
        )}
        {p.invoice && (
          <li>
            <p>
              <strong>Your invoice.</strong> Invoice {p.invoice.number} is issued to your billing details; a receipt is on its way to your mailbox.
            </p>
            <InvoiceLinks invoice={p.invoice} creditNote={p.creditNote} />
          </li>
        )}
        <li>
          <p>
            <strong>Questions about the data?</strong> Ask the seller directly.
          </p>
          <ButtonLink to={`/messaging?contract=${encodeURIComponent(p.contractId)}`} size="sm" icon={<Icon name="mail" size={12} />}>
            Contact seller
          </ButtonLink>
        </li>
        <li>
          <p>
            <strong>Not what was described?</strong>{' '}
            {canDispute
              ? 'Raise a dispute before the window closes: the money stays in escrow while we review it.'
              : 'Disputes can be raised only while the money is in escrow, within 24 hours of paying.'}
          </p>
          {canDispute && (
            <Button size="sm" variant="danger" icon={<Icon name="alert" size={12} />} onClick={onRaiseDispute}>
              Raise dispute
            </Button>
          )}
        </li>
      </Steps>
    </Panel>
  );
}
