import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, NavLink } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { Icon } from './Icon.tsx';
import { Logo } from './Logo.tsx';
import { UserMenu, type HeaderUser } from './UserMenu.tsx';
import { VisuallyHidden } from './VisuallyHidden.tsx';

export type { HeaderUser } from './UserMenu.tsx';

export type HeaderProps = {
  /** null when logged out */
  user: HeaderUser | null;
  /** unread messages; the badge shows only above 0 */
  unreadCount?: number;
  onLogout: () => void;
  /** called with the trimmed text on Enter, only when it is not empty */
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
  background: ${({ theme }) => theme.colors.bar};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const innerCss = css`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 0 16px;
  ${({ theme }) => theme.media.lg} {
    padding: 0 24px;
  }
`;

const TopRow = styled.div`
  ${innerCss}
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

const Search = styled.form`
  display: none;
  position: relative;
  flex: 0 1 340px;
  margin-left: 8px;

  ${({ theme }) => theme.media.lg} {
    display: block;
  }

  svg {
    position: absolute;
    left: 10px;
    top: 50%;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.textDim};
    pointer-events: none;
  }

  input {
    width: 100%;
    height: 32px;
    padding: 0 46px 0 32px;
    background: ${({ theme }) => theme.colors.raised};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    color: ${({ theme }) => theme.colors.textStrong};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    letter-spacing: 0.02em;
    transition: border-color ${({ theme }) => theme.transitions.fast};

    &:hover { border-color: ${({ theme }) => theme.colors.borderStrong}; }
    &:focus {
      outline: none;
      border-color: ${({ theme }) => theme.colors.up};
      box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.upSoft};
    }
  }

  kbd {
    position: absolute;
    right: 8px;
    top: 50%;
    transform: translateY(-50%);
    padding: 1px 5px;
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: 2px;
    font-size: 10px;
    color: ${({ theme }) => theme.colors.textDim};
    pointer-events: none;
  }
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
  position: relative;
  display: inline-grid;
  place-items: center;
  width: 34px;
  height: 32px;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  &:hover {
    color: ${({ theme }) => theme.colors.textStrong};
    background: ${({ theme }) => theme.colors.hover};
  }
`;

const Count = styled.span`
  position: absolute;
  top: 1px;
  right: 0;
  min-width: 16px;
  height: 16px;
  padding: 0 4px;
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.down};
  color: #fff;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 10px;
  font-weight: 700;
  line-height: 16px;
  text-align: center;
  font-variant-numeric: tabular-nums;
  box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.bar};
`;

const NavRow = styled.nav`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.bg};
`;

const NavList = styled.ul`
  ${innerCss}
  /* && beats the global ul[role='list'] reset; tabs carry their own 12px padding, so the first
     label lines up with the logo */
  && {
    padding: 0 4px;
    ${({ theme }) => theme.media.lg} {
      padding: 0 12px;
    }
  }
  display: flex;
  align-items: stretch;
  gap: 2px;
  height: ${({ theme }) => theme.layout.navHeight};
  list-style: none;
  overflow-x: auto;
  scrollbar-width: none;
  &::-webkit-scrollbar { display: none; }

  li { display: flex; flex: none; }
`;

const Tab = styled(NavLink)`
  position: relative;
  display: inline-flex;
  align-items: center;
  padding: 0 12px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
  transition: color ${({ theme }) => theme.transitions.fast};

  &::after {
    content: '';
    position: absolute;
    left: 10px;
    right: 10px;
    bottom: -1px;
    height: 2px;
    background: transparent;
  }

  &:hover {
    text-decoration: none;
    color: ${({ theme }) => theme.colors.textStrong};
  }

  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.up};
    &::after { background: ${({ theme }) => theme.colors.up}; }
  }

  &:focus-visible { outline-offset: -2px; }
`;

const Divider = styled.li`
  width: 1px;
  margin: 10px 6px;
  background: ${({ theme }) => theme.colors.borderStrong};
`;

/** Site header. Presentational: data comes in, logout/search go out. */
export function Header({ user, unreadCount = 0, onLogout, onSearch, initialSearch = '' }: HeaderProps) {
  const [query, setQuery] = useState(initialSearch);
  const searchId = useId();

  useEffect(() => setQuery(initialSearch), [initialSearch]);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const text = query.trim();
    if (text) onSearch(text);
  }

  return (
    <Bar>
      <TopRow>
        <HomeLink to="/">
          <Logo />
        </HomeLink>

        <Search role="search" onSubmit={submit}>
          <Icon name="search" size={14} />
          <VisuallyHidden as="label" htmlFor={searchId}>
            Search ticker symbols
          </VisuallyHidden>
          <input
            id={searchId}
            type="search"
            placeholder="Search ticker symbols..."
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <kbd aria-hidden="true">↵</kbd>
        </Search>

        <Spacer />

        <Right>
          {user ? (
            <>
              {unreadCount > 0 && (
                <UnreadLink to="/messaging" aria-label={`${unreadCount} unread messages`}>
                  <Icon name="mail" size={18} />
                  <Count aria-hidden="true">{unreadCount > 99 ? '99+' : unreadCount}</Count>
                </UnreadLink>
              )}
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

      <NavRow aria-label="Main">
        <NavList role="list">
          {PUBLIC_LINKS.map((l) => (
            <li key={l.to}>
              <Tab to={l.to} end={l.end}>
                {l.label}
              </Tab>
            </li>
          ))}
          {user && <Divider aria-hidden="true" />}
          {user &&
            USER_LINKS.map((l) => (
              <li key={l.to}>
                <Tab to={l.to} end={l.end}>
                  {l.label}
                </Tab>
              </li>
            ))}
          {user?.isAdmin && <Divider aria-hidden="true" />}
          {user?.isAdmin &&
            ADMIN_TABS.map((l) => (
              <li key={l.to}>
                <Tab to={l.to} end={l.end}>
                  {l.label}
                </Tab>
              </li>
            ))}
        </NavList>
      </NavRow>
    </Bar>
  );
}
