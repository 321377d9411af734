import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';

/**
 * A button that opens something beside it (the user menu, the notification bell's panel), closed
 * by a click outside the wrapper, Escape (focus back on the button) or tabbing away from it.
 */
export function useDisclosure<W extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<W>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const contentId = useId();

  useEffect(() => {
    if (!open) return;
    function onPointerDown(e: PointerEvent) {
      if (wrapRef.current && !wrapRef.current.contains(e.target as Node)) setOpen(false);
    }
    function onKeyDown(e: KeyboardEvent) {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  // close when focus leaves the wrapper (Tab away), not when it moves inside it
  const onBlur = (e: FocusEvent<W>) => {
    if (open && e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) setOpen(false);
  };

  /** what the opening button takes: it says whether it is open and what it controls */
  const buttonProps = { ref: buttonRef, type: 'button', 'aria-expanded': open, 'aria-controls': contentId } as const;

  return { open, setOpen, wrapRef, buttonRef, onBlur, contentId, buttonProps };
}
