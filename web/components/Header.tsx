import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Icon } from './Icon.tsx';
import { Logo } from './Logo.tsx';
import { NavMenu, type NavMenuSection } from './NavMenu.tsx';
import { CornerCount, headerIcon } from './HeaderIcon.tsx';
import { TickerSearch } from './TickerSearch.tsx';
import { headerInner, HeaderTabs } from './HeaderTabs.tsx';
import { UserMenu, type HeaderUser } from './UserMenu.tsx';

export type { HeaderUser } from './UserMenu.tsx';

export type HeaderProps = {
  /** null when logged out */
  user: HeaderUser | null;
  /** unread messages; the badge shows only above 0 */
  unreadCount?: number;
  /** the notification bell, beside the mail badge (signed in only) */
  bell?: ReactNode;
  onLogout: () => void;
  /** called with the trimmed text on Enter, only when it is not empty (ShellHeader sends it to the page being browsed) */
  onSearch: (text: string) => void;
  /** initial text of the search box, e.g. the current ?search= */
  initialSearch?: string;
};

// The main navigation: everyone's tabs, then a signed-in user's, then the back office for administrators.
const PUBLIC_LINKS = [
  { to: '/', label: 'TRADING FLOOR', end: true },
  { to: '/browse', label: 'BROWSE', end: false },
  { to: '/trading', label: 'TRADING', end: false },
  { to: '/list-data', label: 'LIST DATA', end: false },
] as const;

const USER_LINKS = [
  { to: '/dashboard', label: 'DASHBOARD', end: false },
  { to: '/messaging', label: 'MESSAGES', end: false },
  { to: '/my-data', label: 'MY DATA', end: false },
  { to: '/earnings', label: 'EARNINGS', end: false },
] as const;

const ADMIN_TABS = [{ to: '/compliance-dashboard', label: 'BACK OFFICE', end: false }] as const;

const Bar = styled.header`
  /* the phone menu's list opens under the bar, over the page */
  position: relative;
  background: ${({ theme }) => theme.colors.bar};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const TopRow = styled.div`
  ${headerInner}
  display: flex;
  align-items: center;
  gap: 16px;
  height: ${({ theme }) => theme.layout.headerHeight};
`;

const HomeLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  padding: 4px 2px;
  border-radius: ${({ theme }) => theme.radii.sm};
  &:hover { text-decoration: none; }
`;

const Spacer = styled.div`
  flex: 1;
`;

const Right = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
`;

const TextLink = styled(Link)<{ $primary?: boolean }>`
  display: inline-flex;
  align-items: center;
  height: 30px;
  padding: 0 12px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme, $primary }) => ($primary ? theme.colors.up : theme.colors.borderStrong)};
  background: ${({ theme, $primary }) => ($primary ? theme.colors.up : 'transparent')};
  color: ${({ theme, $primary }) => ($primary ? theme.colors.onUp : theme.colors.text)};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  white-space: nowrap;
  transition: background ${({ theme }) => theme.transitions.fast};

  &:hover {
    text-decoration: none;
    background: ${({ theme, $primary }) => ($primary ? theme.colors.upHover : theme.colors.hover)};
  }
`;

const UnreadLink = styled(Link)`
  ${headerIcon}
`;

// the wide screen's search box; on a phone the market pages have their own (TickerSearch)
const HeaderSearch = styled(TickerSearch)`
  display: none;
  flex: 0 1 340px;
  margin-left: 8px;

  ${({ theme }) => theme.media.lg} {
    display: block;
  }
`;

/** Site header. Presentational: data comes in, logout/search go out. */
export function Header({ user, unreadCount = 0, bell, onLogout, onSearch, initialSearch = '' }: HeaderProps) {
  const sections: NavMenuSection[] = [{ label: 'Market', links: PUBLIC_LINKS }];
  if (user) sections.push({ label: 'Your desk', links: USER_LINKS.map((l) => (l.to === '/messaging' ? { ...l, count: unreadCount } : l)) });
  if (user?.isAdmin) sections.push({ label: 'Administration', links: ADMIN_TABS });

  return (
    <Bar>
      <TopRow>
        <NavMenu sections={sections} />
        <HomeLink to="/">
          <Logo />
        </HomeLink>

        <HeaderSearch onSearch={onSearch} value={initialSearch} />

        <Spacer />

        <Right>
          {user ? (
            <>
              {unreadCount > 0 && (
                <UnreadLink to="/messaging" aria-label={`${unreadCount} unread messages`}>
                  <Icon name="mail" size={18} />
                  <CornerCount aria-hidden="true">{unreadCount > 99 ? '99+' : unreadCount}</CornerCount>
                </UnreadLink>
              )}
              {bell}
              <UserMenu user={user} onLogout={onLogout} />
            </>
          ) : (
            <>
              <TextLink to="/auth/login">LOGIN</TextLink>
              <TextLink to="/auth/register" $primary>
                JOIN PIT
              </TextLink>
            </>
          )}
        </Right>
      </TopRow>

      <HeaderTabs sections={sections} />
    </Bar>
  );
}
