import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { Toast } from './Toast.tsx';
import {
  TOAST_DEFAULT_DURATION,
  ToastContext,
  type ToastApi,
  type ToastOptions,
  type ToastRecord,
} from './toastContext.ts';

export type ToastProviderProps = {
  children: ReactNode;
  /** default display time in ms */
  duration?: number;
  /** keyboard shortcut that focuses the viewport */
  hotkey?: string;
};

const Viewport = styled.section`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndices.toast};
  top: 0;
  left: 0;
  right: 0;
  display: flex;
  flex-direction: column;
  padding: 12px;
  pointer-events: none;
  outline: none;

  /* clear of the round support button that sits at the bottom right */
  ${({ theme }) => theme.media.sm} {
    top: auto;
    left: auto;
    bottom: 88px;
    right: 16px;
    width: 400px;
    max-width: calc(100vw - 32px);
    padding: 0;
  }

  /* the support panel is open at the bottom right: toasts show at the top right instead */
  ${({ theme }) => theme.media.sm} {
    html[data-support-open] & {
      top: calc(${({ theme }) => theme.layout.headerHeight} + 12px);
      bottom: auto;
    }
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 4px;
  }

  ol {
    display: flex;
    flex-direction: column;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

/**
 * Holds the toast state and renders the viewport (portal to <body>, bottom right).
 * One toast at a time: a new toast replaces the visible one.
 *
 * Announcing: the viewport is a labelled region (F8 moves focus to it) holding two lists that are
 * live regions and are always there, a polite one for successes and an assertive one for warnings
 * and failures. A toast is a plain list item added to one of them, so a screen reader hears it
 * (a live region mounted together with its text is often not announced) and the list stays a
 * valid list (an item with role=status is not a list item).
 */
/** A warning or a failure interrupts; a success waits its turn. */
const isUrgent = (toast: ToastRecord) => toast.variant !== 'default';

export function ToastProvider({ children, duration = TOAST_DEFAULT_DURATION, hotkey = 'F8' }: ToastProviderProps) {
  const [current, setCurrent] = useState<ToastRecord | null>(null);
  const seq = useRef(0);
  const viewportRef = useRef<HTMLElement>(null);

  const dismiss = useCallback((id?: string) => {
    setCurrent((c) => (c && (id === undefined || c.id === id) ? null : c));
  }, []);

  const toast = useCallback(
    (options: ToastOptions) => {
      seq.current += 1;
      const id = `toast-${seq.current}`;
      setCurrent({ ...options, id, variant: options.variant ?? 'default', duration: options.duration ?? duration });
      return { id, dismiss: () => dismiss(id) };
    },
    [duration, dismiss],
  );

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (e.key === hotkey && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
        e.preventDefault();
        viewportRef.current?.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hotkey]);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  const viewport = (
    <Viewport ref={viewportRef} role="region" aria-label={`Notifications (${hotkey})`} tabIndex={-1}>
      <ol aria-live="polite" aria-relevant="additions text" data-testid="toasts-polite">
        {current && !isUrgent(current) && <Toast key={current.id} toast={current} onRemove={dismiss} />}
      </ol>
      <ol aria-live="assertive" aria-relevant="additions text" data-testid="toasts-urgent">
        {current && isUrgent(current) && <Toast key={current.id} toast={current} onRemove={dismiss} />}
      </ol>
    </Viewport>
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {typeof document === 'undefined' ? viewport : createPortal(viewport, document.body)}
    </ToastContext.Provider>
  );
}
