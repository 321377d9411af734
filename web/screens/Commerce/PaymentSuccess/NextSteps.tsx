import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { NextSteps_payment$key } from '../../../__generated__/NextSteps_payment.graphql.ts';
import { disputeOpen } from './disputeWindow.ts';

const Steps = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
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

export type NextStepsProps = { payment: NextSteps_payment$key; onRaiseDispute: () => void };

/** Download the data, contact the seller, raise a dispute (while the window is open). */
export function NextSteps({ payment, onRaiseDispute }: NextStepsProps) {
  const p = useFragment(
    graphql`
      fragment NextSteps_payment on Payment {
        contractId
        status
        escrowEndsAt
      }
    `,
    payment,
  );
  const canDispute = disputeOpen(p.status, p.escrowEndsAt);
  const hasData = p.status === 'escrowed' || p.status === 'disputed' || p.status === 'released';
  return (
    <Panel title="Next steps" data-testid="next-steps">
      <Steps>
        <li>
          <p>
            <strong>Download your data.</strong> {hasData ? 'Your library has the download, the stream endpoint and your API key.' : 'Access to this data set has ended.'}
          </p>
          <ButtonLink to="/my-data" size="sm" variant="primary" icon={<Icon name="download" size={12} />}>
            Download data
          </ButtonLink>
        </li>
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
