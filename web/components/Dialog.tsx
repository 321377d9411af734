import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Icon } from './Icon.tsx';
import { panelHead } from '../theme/text.ts';

export type DialogProps = {
  open: boolean;
  /** Escape, the Close button and a click on the backdrop call this */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** buttons row at the bottom */
  footer?: ReactNode;
  /** max width in px (default 640) */
  width?: number;
};

const Native = styled.dialog<{ $width: number }>`
  width: calc(100vw - 24px);
  max-width: ${({ $width }) => $width}px;
  max-height: calc(100vh - 48px);
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-top: 2px solid ${({ theme }) => theme.colors.up};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.panel};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.popover};

  &::backdrop {
    background: ${({ theme }) => theme.colors.overlay};
    backdrop-filter: blur(2px);
  }

  &[open] {
    display: flex;
    flex-direction: column;
  }
`;

const Head = styled.header`
  ${panelHead}
  gap: 12px;
  padding: 12px 12px 12px 18px;
`;

const Title = styled.h2`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 800;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
`;

const Close = styled.button`
  display: grid;
  place-items: center;
  width: 28px;
  height: 28px;
  padding: 0;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  &:hover {
    color: ${({ theme }) => theme.colors.textStrong};
    background: ${({ theme }) => theme.colors.hover};
  }
`;

const Body = styled.div`
  flex: 1;
  overflow: auto;
  padding: 18px;
`;

const Foot = styled.footer`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 8px;
  padding: 12px 18px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.panelAlt};
`;

/** Moves focus back to what opened a dialog, when it is still on the page. */
function returnFocus(opener: HTMLElement | null) {
  if (opener?.isConnected) opener.focus({ preventScroll: true });
}

/**
 * Modal dialog on the native <dialog> (focus trap and Escape come from the browser). Focus goes
 * back to the element that had it when the dialog opened, whether the dialog is closed through
 * `open` or its owner unmounts it (the browser's own return of focus is lost when an open
 * <dialog> leaves the document). A dialog that replaces another (details -> approve) opens
 * after the first returned focus, so it returns to the same element.
 */
export function Dialog({ open, onClose, title, children, footer, width = 640 }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const el = ref.current;
    if (!el || !open) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body && !el.contains(active) ? active : null;
    if (!el.open) el.showModal();
    // closed through `open`, or unmounted while open
    return () => {
      if (el.open) el.close();
      returnFocus(opener);
    };
  }, [open]);

  return (
    <Native
      ref={ref}
      $width={width}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // a click on the ::backdrop lands on the <dialog> itself
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open && (
        <>
          <Head>
            <Title id={titleId}>{title}</Title>
            <Close type="button" aria-label="Close" onClick={onClose}>
              <Icon name="close" size={16} />
            </Close>
          </Head>
          <Body>{children}</Body>
          {footer != null && <Foot>{footer}</Foot>}
        </>
      )}
    </Native>
  );
}
