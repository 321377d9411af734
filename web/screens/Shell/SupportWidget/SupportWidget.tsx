import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Spinner } from '../../../components/Spinner.tsx';
import { SupportDialog } from './SupportDialog.tsx';
import { SupportLauncher } from './SupportLauncher.tsx';
import { rememberOpen, storedOpen } from './supportStorage.ts';
import { linkedTicketId, withoutLinkedTicket } from './supportRules.ts';

// The panel (its views, queries and mutations) loads on first open, so every page's first load
// carries only the round button.
const loadPanel = () => import('./SupportPanel.tsx');
const SupportPanel = lazy(() => loadPanel().then((m) => ({ default: m.SupportPanel })));

const Center = styled.div`
  flex: 1;
  display: grid;
  place-items: center;
`;

/** Focus the view's first control, or the dialog itself while its code is still on the way. */
function focusInside(panel: HTMLElement | null) {
  if (!panel) return;
  const target = panel.querySelector<HTMLElement>('[data-autofocus]') ?? panel;
  target.focus();
}

/**
 * The support widget on every page: a round button, and the panel it opens. It remembers in this
 * browser whether it was open; `?supportTicket=<id>` (the link in the team's reply mail) opens it
 * on that ticket.
 */
export function SupportWidget() {
  const [open, setOpen] = useState(storedOpen);
  // the panel stays mounted once loaded, so a half-written request survives closing
  const [mounted, setMounted] = useState(open);
  // opened by the visitor (not restored on load): focus follows into the panel
  const [userOpened, setUserOpened] = useState(false);
  const [linked, setLinked] = useState<{ id: string; seq: number } | null>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusAfterToggle = useRef<'panel' | 'launcher' | null>(null);
  const dialogId = `support-${useId().replace(/:/g, '')}`;

  const show = useCallback((byUser: boolean) => {
    setMounted(true);
    setOpen(true);
    rememberOpen(true);
    if (byUser) {
      setUserOpened(true);
      focusAfterToggle.current = 'panel';
    }
  }, []);

  const hide = useCallback(() => {
    setOpen(false);
    rememberOpen(false);
    focusAfterToggle.current = 'launcher';
  }, []);

  // Toasts move out of the open panel's way (web/components/toast/ToastProvider.tsx reads this).
  useEffect(() => {
    document.documentElement.toggleAttribute('data-support-open', open);
    return () => document.documentElement.removeAttribute('data-support-open');
  }, [open]);

  useEffect(() => {
    const target = focusAfterToggle.current;
    focusAfterToggle.current = null;
    if (target === 'panel' && open) focusInside(panelRef.current);
    if (target === 'launcher' && !open) launcherRef.current?.focus();
  }, [open]);

  // A reply mail's link: open on that ticket once, and take the id out of the address so a reload
  // or a shared address does not open it again (the router's own state is left as it is).
  const { search } = useLocation();
  const handled = useRef(new Set<string>());
  useEffect(() => {
    const id = linkedTicketId(search);
    if (!id || handled.current.has(id)) return;
    handled.current.add(id);
    setLinked((l) => ({ id, seq: (l?.seq ?? 0) + 1 }));
    show(true);
    window.history.replaceState(window.history.state, '', withoutLinkedTicket(window.location.href));
  }, [search, show]);

  return (
    <>
      {!open && <SupportLauncher ref={launcherRef} controls={mounted ? dialogId : undefined} onOpen={() => show(true)} onIntent={() => void loadPanel()} />}
      {mounted && (
        <SupportDialog ref={panelRef} id={dialogId} open={open} onClose={hide}>
          <Suspense
            fallback={
              <Center>
                <Spinner size={22} label="Loading support" />
              </Center>
            }
          >
            <SupportPanel open={open} autoFocus={userOpened} linked={linked} />
          </Suspense>
        </SupportDialog>
      )}
    </>
  );
}
