import { NavLink } from 'react-router-dom';
import styled, { css } from 'styled-components';
import type { NavMenuSection } from './NavMenu.tsx';
import { underlinedTab } from '../theme/tabs.ts';

/** The header's rows: as wide as the page, with its side padding. */
export const headerInner = css`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 0 16px;
  ${({ theme }) => theme.media.lg} {
    padding: 0 24px;
  }
`;

// The row of tabs, on a wide screen; below it the Menu button holds the same links (NavMenu).
const NavRow = styled.nav`
  display: none;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.bg};

  ${({ theme }) => theme.media.lg} {
    display: block;
  }
`;

const NavList = styled.ul`
  ${headerInner}
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

  ${underlinedTab('-1px')}

  &:focus-visible { outline-offset: -2px; }
`;

const Divider = styled.li`
  width: 1px;
  margin: 10px 6px;
  background: ${({ theme }) => theme.colors.borderStrong};
`;

export type HeaderTabsProps = {
  /** the same sections as the phone's Menu, a divider between two */
  sections: readonly NavMenuSection[];
};

/** The header's row of tabs on a wide screen. */
export function HeaderTabs({ sections }: HeaderTabsProps) {
  return (
    <NavRow aria-label="Main">
      <NavList role="list">
        {sections.map((section, i) => [
          i > 0 && <Divider key={`divider-${section.label}`} aria-hidden="true" />,
          ...section.links.map((l) => (
            <li key={l.to}>
              <Tab to={l.to} end={l.end}>
                {l.label}
              </Tab>
            </li>
          )),
        ])}
      </NavList>
    </NavRow>
  );
}
