import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import styled, { css, keyframes, type DefaultTheme } from 'styled-components';
import { Icon } from '../Icon.tsx';
import type { ToastVariant } from './toastContext.ts';
import { TOAST_SWIPE_THRESHOLD, type ToastRecord } from './toastContext.ts';

export type ToastProps = {
  toast: ToastRecord;
  /** called once the toast has finished closing (timer, Close button or swipe) */
  onRemove: (id: string) => void;
};

type Phase = 'open' | 'closing' | 'swiped';

const enter = keyframes`
  from { transform: translate3d(calc(100% + 24px), 0, 0); opacity: 0; }
  to { transform: translate3d(0, 0, 0); opacity: 1; }
`;

const countdown = keyframes`
  from { transform: scaleX(1); }
  to { transform: scaleX(0); }
`;

/** Each variant's colours: success green, warning amber, destructive red. */
function variantColors(theme: DefaultTheme, variant: ToastVariant) {
  const c = theme.colors;
  switch (variant) {
    case 'destructive':
      return { accent: c.down, soft: c.downSoft, border: c.downBorder, fill: '#1f0b0e', title: '#ffd5d9', text: '#f4a3ab' };
    case 'warning':
      return { accent: c.amber, soft: c.amberSoft, border: c.amberBorder, fill: '#1e1606', title: '#ffe2ad', text: '#f0c77a' };
    default:
      return { accent: c.up, soft: c.upSoft, border: c.upBorder, fill: c.panelAlt, title: c.textStrong, text: c.textMuted };
  }
}

const Item = styled.li<{ $variant: ToastVariant; $dragging: boolean }>`
  position: relative;
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: start;
  gap: 10px;
  width: 100%;
  padding: 12px 10px 14px 12px;
  overflow: hidden;
  pointer-events: auto;
  touch-action: pan-y;
  user-select: none;
  background: ${({ theme, $variant }) => variantColors(theme, $variant).fill};
  border: 1px solid ${({ theme, $variant }) => ($variant === 'default' ? theme.colors.borderStrong : variantColors(theme, $variant).border)};
  border-left: 3px solid ${({ theme, $variant }) => variantColors(theme, $variant).accent};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  animation: ${enter} 200ms cubic-bezier(0.16, 1, 0.3, 1);
  transition: ${({ $dragging }) => ($dragging ? 'none' : 'transform 180ms ease, opacity 180ms ease')};
  cursor: ${({ $dragging }) => ($dragging ? 'grabbing' : 'default')};

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Mark = styled.span<{ $variant: ToastVariant }>`
  display: grid;
  place-items: center;
  width: 22px;
  height: 22px;
  margin-top: 1px;
  border-radius: 50%;
  ${({ theme, $variant }) => {
    const v = variantColors(theme, $variant);
    return css`
      color: ${v.accent};
      background: ${v.soft};
      border: 1px solid ${v.border};
    `;
  }}
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 3px;
  min-width: 0;
  padding-top: 2px;
`;

const Title = styled.div<{ $variant: ToastVariant }>`
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: 700;
  line-height: 1.3;
  color: ${({ theme, $variant }) => variantColors(theme, $variant).title};
`;

const Description = styled.div<{ $variant: ToastVariant }>`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.4;
  color: ${({ theme, $variant }) => variantColors(theme, $variant).text};
  overflow-wrap: anywhere;
`;

const Close = styled.button`
  display: grid;
  place-items: center;
  width: 24px;
  height: 24px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textDim};

  &:hover {
    color: ${({ theme }) => theme.colors.textStrong};
    background: rgba(255, 255, 255, 0.06);
  }
`;

const Progress = styled.span<{ $variant: ToastVariant; $ms: number; $paused: boolean }>`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  height: 2px;
  transform-origin: left center;
  background: ${({ theme, $variant }) => variantColors(theme, $variant).accent};
  opacity: 0.55;
  animation: ${countdown} ${({ $ms }) => $ms}ms linear forwards;
  animation-play-state: ${({ $paused }) => ($paused ? 'paused' : 'running')};

  @media (prefers-reduced-motion: reduce) {
    display: none;
  }
`;

/** One toast: auto-hides after its duration (paused while hovered, focused or dragged), swipe right to dismiss. */
export function Toast({ toast, onRemove }: ToastProps) {
  const { id, title, description, variant, duration } = toast;
  const success = variant === 'default';

  const [phase, setPhase] = useState<Phase>('open');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [dx, setDx] = useState(0);

  const remaining = useRef(duration);
  const drag = useRef<{ x: number; y: number; pointerId: number; active: boolean } | null>(null);

  const paused = hovered || focused || dragging || phase !== 'open';

  // auto-hide timer that keeps its remaining time across pauses
  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => setPhase('closing'), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused]);

  // give the exit transition time to play, then remove
  useEffect(() => {
    if (phase === 'open') return;
    const reduce = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const t = setTimeout(() => onRemove(id), reduce ? 0 : 180);
    return () => clearTimeout(t);
  }, [phase, id, onRemove]);

  const onPointerDown = useCallback((e: ReactPointerEvent<HTMLLIElement>) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
    drag.current = { x: e.clientX, y: e.clientY, pointerId: e.pointerId, active: false };
  }, []);

  const onPointerMove = useCallback((e: ReactPointerEvent<HTMLLIElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const delta = e.clientX - d.x;
    if (!d.active) {
      // start a swipe once the pointer clearly moves sideways
      if (Math.abs(delta) < 4 || Math.abs(delta) < Math.abs(e.clientY - d.y)) return;
      d.active = true;
      setDragging(true);
      e.currentTarget.setPointerCapture?.(e.pointerId);
    }
    // follow the finger to the right; resist to the left
    setDx(delta > 0 ? delta : delta / 4);
  }, []);

  const endDrag = useCallback((e: ReactPointerEvent<HTMLLIElement>, cancelled: boolean) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    if (!d.active) return;
    if (e.currentTarget.hasPointerCapture?.(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    setDragging(false);
    const delta = e.clientX - d.x;
    if (!cancelled && delta > TOAST_SWIPE_THRESHOLD) {
      setPhase('swiped');
    } else {
      setDx(0); // snap back
    }
  }, []);

  const transform =
    phase === 'swiped' ? 'translate3d(calc(100% + 32px), 0, 0)' : dx !== 0 ? `translate3d(${dx}px, 0, 0)` : undefined;
  const opacity = phase !== 'open' ? 0 : dx > 0 ? Math.max(0.35, 1 - dx / 260) : 1;

  return (
    <Item
      // announced by the live list it is added to (ToastProvider), so no role of its own: a list item
      data-state={phase === 'open' ? 'open' : 'closed'}
      data-variant={variant}
      data-testid="toast"
      $variant={variant}
      $dragging={dragging}
      style={{ transform, opacity }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(e) => endDrag(e, false)}
      onPointerCancel={(e) => endDrag(e, true)}
    >
      <Mark $variant={variant} aria-hidden="true">
        <Icon name={success ? 'check' : 'alert'} size={12} strokeWidth={2.4} />
      </Mark>
      <Body>
        <Title $variant={variant}>{title}</Title>
        {description != null && description !== '' && <Description $variant={variant}>{description}</Description>}
      </Body>
      <Close type="button" aria-label="Close" onClick={() => setPhase('closing')}>
        <Icon name="close" size={14} />
      </Close>
      {Number.isFinite(duration) && <Progress aria-hidden="true" $variant={variant} $ms={duration} $paused={paused} />}
    </Item>
  );
}
