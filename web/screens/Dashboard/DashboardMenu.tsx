import { useEffect, useRef } from 'react';
import { graphql, useFragment } from 'react-relay';
import { NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { formatBadgeCount } from '../../format/format.ts';
import type { DashboardMenu_summary$key } from '../../__generated__/DashboardMenu_summary.graphql.ts';
import { UnreadPill } from '../shared/UnreadCount.tsx';
import { underlinedTab } from '../../theme/tabs.ts';

// side menu, in this order: the Messages badge is real and live (the header's unreadCountChanged
// subscription writes each pushed count to the viewer and to this summary alike).
const ITEMS: { to: string; label: string; icon: IconName; end?: boolean }[] = [
  { to: '/dashboard', label: 'Overview', icon: 'grid', end: true },
  { to: '/dashboard/contracts', label: 'My Contracts', icon: 'download' },
  { to: '/dashboard/listings', label: 'My Listings', icon: 'upload' },
  { to: '/dashboard/messages', label: 'Messages', icon: 'mail' },
  { to: '/dashboard/analytics', label: 'Analytics', icon: 'chart' },
  { to: '/dashboard/payments', label: 'Payments', icon: 'lock' },
  { to: '/dashboard/notifications', label: 'Notifications', icon: 'bell' },
  { to: '/dashboard/profile', label: 'Profile', icon: 'user' },
  { to: '/dashboard/developers', label: 'Developers', icon: 'external' },
];

const Nav = styled.nav`
  min-width: 0;
  background: ${({ theme }) => theme.colors.panel};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const List = styled.ul`
  && {
    display: flex;
    margin: 0;
    padding: 0 4px;
    list-style: none;
    overflow-x: auto;
    scrollbar-width: none;
    &::-webkit-scrollbar { display: none; }
  }

  li { flex: none; display: flex; }

  ${({ theme }) => theme.media.lg} {
    && {
      flex-direction: column;
      padding: 6px;
      overflow: visible;
    }
    li { display: block; }
  }
`;

const Item = styled(NavLink)`
  position: relative;
  display: flex;
  align-items: center;
  gap: 9px;
  height: 40px;
  padding: 0 12px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.textMuted};
  transition:
    color ${({ theme }) => theme.transitions.fast},
    background ${({ theme }) => theme.transitions.fast};

  svg { flex: none; color: ${({ theme }) => theme.colors.textDim}; }

  ${underlinedTab('0')}

  &[aria-current='page'] svg { color: ${({ theme }) => theme.colors.up}; }

  &:focus-visible { outline-offset: -2px; }

  ${({ theme }) => theme.media.lg} {
    height: 34px;
    border-radius: ${({ theme }) => theme.radii.sm};

    &::after {
      left: 0;
      right: auto;
      top: 7px;
      bottom: 7px;
      width: 2px;
      height: auto;
    }
    &:hover { background: ${({ theme }) => theme.colors.hover}; }
    &[aria-current='page'] { background: ${({ theme }) => theme.colors.upSoft}; }
  }
`;

const Count = styled(UnreadPill)`
  ${({ theme }) => theme.media.lg} {
    margin-left: auto;
  }
`;

export type DashboardMenuProps = { summary: DashboardMenu_summary$key | null };

/** The dashboard's side menu; a horizontal tab bar below the lg breakpoint. */
export function DashboardMenu({ summary }: DashboardMenuProps) {
  const s = useFragment(
    graphql`
      fragment DashboardMenu_summary on DashboardSummary {
        unreadMessages
      }
    `,
    summary,
  );
  const unread = s?.unreadMessages ?? 0;
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  // As a tab bar (narrow screens) the current tab may sit off to the side after a deep link:
  // bring it into view, sideways only (scrollIntoView would also scroll the page).
  useEffect(() => {
    const el = list.current;
    const current = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!el || !current || el.scrollWidth <= el.clientWidth) return;
    const left = current.getBoundingClientRect().left - el.getBoundingClientRect().left + el.scrollLeft;
    if (left < el.scrollLeft || left + current.offsetWidth > el.scrollLeft + el.clientWidth) {
      el.scrollLeft = Math.max(0, left - 24);
    }
  }, [pathname]);

  return (
    <Nav aria-label="Dashboard">
      <List role="list" ref={list}>
        {ITEMS.map((item) => (
          <li key={item.to}>
            <Item to={item.to} end={item.end}>
              <Icon name={item.icon} size={14} />
              {item.label}
              {item.label === 'Messages' && unread > 0 && (
                <Count data-testid="unread-badge" aria-label={`${unread} unread`}>
                  {formatBadgeCount(unread)}
                </Count>
              )}
            </Item>
          </li>
        ))}
      </List>
    </Nav>
  );
}
