import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Avatar } from './Avatar.tsx';
import { Icon } from './Icon.tsx';
import { Stars } from './Stars.tsx';
import { useDisclosure } from './useDisclosure.ts';
import { VisuallyHidden } from './VisuallyHidden.tsx';
import { plural } from '../format/format.ts';

export type HeaderUser = {
  name: string;
  rating: number | null;
  tradeCount: number;
  profileImage: string | null;
  /** administrators also get the back-office screens in the menu */
  isAdmin?: boolean;
};

/** Every back-office screen (web/routes.tsx), in the order an administrator works through them. */
export const ADMIN_LINKS = [
  { to: '/compliance-dashboard', label: 'Compliance Dashboard', icon: 'lock' },
  { to: '/simple-compliance', label: 'Simple Compliance', icon: 'list' },
  { to: '/earnings', label: 'Platform Earnings', icon: 'chart' },
  { to: '/admin-support', label: 'Support Center', icon: 'mail' },
] as const;

export type UserMenuProps = {
  user: HeaderUser;
  onLogout: () => void;
};

const MenuWrap = styled.div`
  position: relative;
`;

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  height: 38px;
  padding: 0 8px 0 5px;
  background: transparent;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.text};
  text-align: left;
  transition: background ${({ theme }) => theme.transitions.fast};

  &:hover,
  &[aria-expanded='true'] {
    background: ${({ theme }) => theme.colors.hover};
    border-color: ${({ theme }) => theme.colors.borderStrong};
  }

  .chev {
    color: ${({ theme }) => theme.colors.textDim};
    transition: transform ${({ theme }) => theme.transitions.fast};
  }
  &[aria-expanded='true'] .chev { transform: rotate(180deg); }
`;

const Who = styled.span`
  display: none;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
  ${({ theme }) => theme.media.sm} {
    display: flex;
  }
`;

const Name = styled.span`
  max-width: 160px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textStrong};
  line-height: 1.1;
`;

const Meta = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 10px;
  color: ${({ theme }) => theme.colors.textDim};
  line-height: 1;
  font-variant-numeric: tabular-nums;
`;

const Dropdown = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 6px);
  z-index: ${({ theme }) => theme.zIndices.dropdown};
  min-width: 200px;
  padding: 6px;
  background: ${({ theme }) => theme.colors.panelAlt};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.popover};

  hr { margin: 6px 0; }
`;

const DropHead = styled.div`
  padding: 6px 10px 8px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 10px;
  letter-spacing: ${({ theme }) => theme.tracking.wide};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textDim};
`;

const itemCss = `
  display: flex;
  align-items: center;
  gap: 10px;
  width: 100%;
  height: 32px;
  padding: 0 10px;
  border: 0;
  border-radius: 3px;
  background: transparent;
  font-size: 13px;
  text-align: left;
  text-decoration: none;
`;

const DropLink = styled(Link)`
  ${itemCss}
  color: ${({ theme }) => theme.colors.text};
  &:hover {
    text-decoration: none;
    background: ${({ theme }) => theme.colors.hover};
    color: ${({ theme }) => theme.colors.textStrong};
  }
  svg { color: ${({ theme }) => theme.colors.textDim}; }
`;

const LogoutButton = styled.button`
  ${itemCss}
  color: ${({ theme }) => theme.colors.down};
  &:hover { background: ${({ theme }) => theme.colors.downSoft}; }
`;

/**
 * The header's account button (avatar, name, stars, '(N trades)') and its dropdown: Dashboard,
 * Profile, the back office for administrators, Logout. A disclosure, closed by outside click,
 * Escape or tabbing away. The button is named by its content (a hidden 'User menu' first, then
 * the visible name and trades), so what a speech user sees is what they can say.
 */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const { open, setOpen, wrapRef, onBlur, contentId, buttonProps } = useDisclosure();

  const close = () => setOpen(false);

  return (
    <MenuWrap ref={wrapRef} onBlur={onBlur}>
      <MenuButton {...buttonProps} onClick={() => setOpen((o) => !o)}>
        <VisuallyHidden>User menu: </VisuallyHidden>
        <Avatar src={user.profileImage} name={user.name} size={28} decorative />
        <Who>
          <Name>{user.name}</Name>
          <Meta>
            <Stars rating={user.rating} size={10} />
            <span data-testid="trade-count">({plural(user.tradeCount, 'trade')})</span>
          </Meta>
        </Who>
        <Icon name="chevronDown" size={14} className="chev" />
      </MenuButton>

      {open && (
        <Dropdown id={contentId}>
          <DropHead>Signed in as {user.name}</DropHead>
          <DropLink to="/dashboard" onClick={close}>
            <Icon name="chart" size={15} />
            Dashboard
          </DropLink>
          <DropLink to="/profile" onClick={close}>
            <Icon name="user" size={15} />
            Profile
          </DropLink>
          {user.isAdmin && (
            <nav aria-label="Back office">
              <hr />
              <DropHead aria-hidden="true">Back office</DropHead>
              {ADMIN_LINKS.map((l) => (
                <DropLink key={l.to} to={l.to} onClick={close}>
                  <Icon name={l.icon} size={15} />
                  {l.label}
                </DropLink>
              ))}
            </nav>
          )}
          <hr />
          <LogoutButton
            type="button"
            onClick={() => {
              close();
              onLogout();
            }}
          >
            <Icon name="logout" size={15} />
            Logout
          </LogoutButton>
        </Dropdown>
      )}
    </MenuWrap>
  );
}
