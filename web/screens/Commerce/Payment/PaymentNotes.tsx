import styled from 'styled-components';
import { Icon, type IconName } from '../../../components/Icon.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { stackedList } from '../../shared/boxStyles.ts';

const List = styled.ul`
  ${stackedList(12)}

  li {
    display: flex;
    gap: 10px;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    line-height: 1.5;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  svg { flex: none; margin-top: 2px; color: ${({ theme }) => theme.colors.up}; }
  strong { color: ${({ theme }) => theme.colors.text}; }
`;

const NOTES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'lock',
    title: 'Held in escrow for 24 hours.',
    text: 'Your money is not paid to the provider at once: it is held for 24 hours, then released to the provider unless you raise a dispute.',
  },
  {
    icon: 'download',
    title: 'Access at once.',
    text: 'You get the data and an API key as soon as the payment is in escrow, so you can check it during the window.',
  },
  {
    icon: 'alert',
    title: '24-hour dispute window.',
    text: 'If the data is not as described, raise a dispute within 24 hours; the money stays held and we review it within 24 hours.',
  },
  {
    icon: 'info',
    title: '2.5% processing fee.',
    text: 'A payment processing fee of 2.5% of the price is added to the total. The provider receives 90% of the price on release.',
  },
];

/** How escrow, access, disputes and the fee work: said before the buyer pays. */
export function PaymentNotes() {
  return (
    <Panel title="How escrow works" data-testid="payment-notes">
      <List>
        {NOTES.map((n) => (
          <li key={n.title}>
            <Icon name={n.icon} size={14} />
            <span>
              <strong>{n.title}</strong> {n.text}
            </span>
          </li>
        ))}
      </List>
    </Panel>
  );
}
