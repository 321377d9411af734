import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { CountPill } from './CountPill.tsx';
import { Icon } from './Icon.tsx';
import { VisuallyHidden } from './VisuallyHidden.tsx';
import { termText } from '../theme/text.ts';

export type NavMenuLink = { to: string; label: string; end: boolean; /** a count shown beside the label (unread messages) */ count?: number };
export type NavMenuSection = { label: string; links: readonly NavMenuLink[] };

export type NavMenuProps = {
  /** the main navigation, in groups (the market, the signed-in user's pages, the back office) */
  sections: readonly NavMenuSection[];
};

const Wrap = styled.div`
  display: flex;
  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;

const Toggle = styled.button`
  display: inline-grid;
  place-items: center;
  width: 38px;
  height: 38px;
  margin-left: -6px;
  padding: 0;
  background: transparent;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textStrong};
  transition: background ${({ theme }) => theme.transitions.fast};

  &:hover,
  &[aria-expanded='true'] {
    background: ${({ theme }) => theme.colors.hover};
    border-color: ${({ theme }) => theme.colors.borderStrong};
  }
`;

// Below the header bar, over the page, the full width of the screen.
const Panel = styled.div`
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndices.dropdown};
  max-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight});
  overflow-y: auto;
  padding: 6px 0 12px;
  background: ${({ theme }) => theme.colors.panelAlt};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  border-bottom: 1px solid ${({ theme }) => theme.colors.borderStrong};
  box-shadow: ${({ theme }) => theme.shadows.popover};

  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;

const Section = styled.div`
  & + & {
    margin-top: 6px;
    padding-top: 6px;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const SectionLabel = styled.p`
  padding: 8px 16px 4px;
  ${termText}
`;

const Links = styled.ul`
  && {
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const Item = styled(NavLink)`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  padding: 0 16px;
  border-left: 2px solid transparent;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  color: ${({ theme }) => theme.colors.text};

  &:hover {
    text-decoration: none;
    background: ${({ theme }) => theme.colors.hover};
    color: ${({ theme }) => theme.colors.textStrong};
  }
  &:focus-visible { outline-offset: -2px; }

  &[aria-current='page'] {
    border-left-color: ${({ theme }) => theme.colors.up};
    background: ${({ theme }) => theme.colors.upSoft};
    color: ${({ theme }) => theme.colors.up};
  }
`;

/**
 * The main navigation below the wide layout (phones and tablets), where a row of tabs does not fit:
 * a Menu button in the header that opens every link in a list under the bar. Closed by choosing a
 * link, Escape (focus back on the button), a tap outside or tabbing away.
 */
export function NavMenu({ sections }: NavMenuProps) {
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();

  // a new page (a link here, or back/forward) closes it
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    // focus goes to the first link, so the list is where the keyboard is
    wrapRef.current?.querySelector<HTMLElement>(`#${CSS.escape(panelId)} a`)?.focus();
    function onPointerDown(e: PointerEvent) {
      if (wrapRef.current && !wrapRef.current.contains(e.target as Node)) setOpen(false);
    }
    function onKeyDown(e: KeyboardEvent) {
      if (e.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, panelId]);

  return (
    <Wrap
      ref={wrapRef}
      onBlur={(e) => {
        if (open && e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <Toggle ref={toggleRef} type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <Icon name={open ? 'close' : 'menu'} size={18} />
        <VisuallyHidden>Menu</VisuallyHidden>
      </Toggle>
      {open && (
        <Panel id={panelId}>
          <nav aria-label="Main">
            {sections.map((section) => (
              <Section key={section.label}>
                <SectionLabel aria-hidden="true">{section.label}</SectionLabel>
                <Links role="list" aria-label={section.label}>
                  {section.links.map((l) => (
                    <li key={l.to}>
                      <Item to={l.to} end={l.end} onClick={() => setOpen(false)}>
                        {l.label}
                        {l.count ? (
                          <CountPill $height={18}>
                            {l.count > 99 ? '99+' : l.count}
                            <VisuallyHidden> unread</VisuallyHidden>
                          </CountPill>
                        ) : null}
                      </Item>
                    </li>
                  ))}
                </Links>
              </Section>
            ))}
          </nav>
        </Panel>
      )}
    </Wrap>
  );
}
