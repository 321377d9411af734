import styled from 'styled-components';
import { Icon, type IconName } from '../../../components/Icon.tsx';
import { IconMark } from '../../../components/IconMark.tsx';
import { surface } from '../../../theme/text.ts';

type Feature = { icon: IconName; tag: string; title: string; text: string };

// What the floor offers; each card names the real rule behind it.
const FEATURES: Feature[] = [
  {
    icon: 'lock',
    tag: 'ESCROW',
    title: 'Escrow on every trade',
    text: 'Your payment waits in escrow. You get the data at once, and a 24-hour dispute window before the provider is paid.',
  },
  {
    icon: 'check',
    tag: 'VERIFIED',
    title: 'Verified providers',
    text: 'Sellers pass a due diligence review of their business, sources and privacy compliance, and every listing is reviewed before it trades.',
  },
  {
    icon: 'download',
    tag: 'DELIVERY',
    title: 'API-key delivery',
    text: 'Each purchase gets its own API key: download the file or stream the rows, resume large downloads, and see every access logged.',
  },
  {
    icon: 'chart',
    tag: 'REAL-TIME',
    title: 'A real-time market',
    text: 'Prices move with real sales. Bids, a live ticker and price history show where every contract trades.',
  },
  {
    icon: 'grid',
    tag: 'PAPER',
    title: 'Paper trading',
    text: 'Open long or short positions on contracts with a 1-5x multiplier and follow your P/L. No money moves.',
  },
  {
    icon: 'mail',
    tag: 'SUPPORT',
    title: 'Messaging and support',
    text: 'Talk to providers and buyers directly, and reach the support team from any page, with or without an account.',
  },
];

const Grid = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 18px;
  ${surface}
  transition: border-color ${({ theme }) => theme.transitions.fast};

  &:hover { border-color: ${({ theme }) => theme.colors.upBorder}; }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
`;

const Tag = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.wide};
  color: ${({ theme }) => theme.colors.textDim};
`;

const Title = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Text = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.55;
`;

export function FeatureCards() {
  return (
    <Grid aria-label="Features">
      {FEATURES.map((f) => (
        <Card key={f.tag}>
          <Top>
            <IconMark $size={32} $tone="green" $radius="sm" aria-hidden="true">
              <Icon name={f.icon} size={16} />
            </IconMark>
            <Tag>{f.tag}</Tag>
          </Top>
          <Title>{f.title}</Title>
          <Text>{f.text}</Text>
        </Card>
      ))}
    </Grid>
  );
}
