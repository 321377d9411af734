import type { KeyboardEvent, ReactNode, Ref } from 'react';
import styled from 'styled-components';
import { Icon } from '../../../components/Icon.tsx';
import { monoCaps } from '../../shared/figureText.ts';

export type SupportDialogProps = {
  ref?: Ref<HTMLDivElement>;
  id: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
};

const Frame = styled.div`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndices.dropdown + 5};
  right: 8px;
  bottom: 8px;
  display: flex;
  flex-direction: column;
  /* a phone: the whole screen but a small margin */
  width: calc(100vw - 16px);
  height: min(500px, calc(100dvh - 16px));
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-top: 2px solid ${({ theme }) => theme.colors.up};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.panel};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  overflow: hidden;
  outline: none;

  &[hidden] { display: none; }

  ${({ theme }) => theme.media.sm} {
    right: 24px;
    bottom: 24px;
    width: 24rem;
    max-height: calc(100dvh - 48px);
  }
`;

const Head = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 10px;
  padding: 10px 10px 10px 14px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.panelAlt};
`;

const Title = styled.h2`
  display: flex;
  align-items: center;
  gap: 8px;
  ${monoCaps({ size: 'sm', colour: 'textStrong', weight: 800 })}

  svg { color: ${({ theme }) => theme.colors.up}; }
`;

const Close = styled.button`
  display: grid;
  place-items: center;
  width: 30px;
  height: 30px;
  padding: 0;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.colors.textStrong};
    background: ${({ theme }) => theme.colors.hover};
  }
`;

/**
 * The open widget: a dialog beside the page, not modal (the page stays usable). Escape closes it
 * from anywhere inside.
 */
export function SupportDialog({ ref, id, open, onClose, children }: SupportDialogProps) {
  const titleId = `${id}-title`;

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    e.stopPropagation();
    onClose();
  }

  return (
    <Frame ref={ref} id={id} role="dialog" aria-labelledby={titleId} hidden={!open} tabIndex={-1} onKeyDown={onKeyDown} data-testid="support-panel">
      <Head>
        <Title id={titleId}>
          <Icon name="help" size={16} />
          DATA PIT Support
        </Title>
        <Close type="button" aria-label="Close support" onClick={onClose}>
          <Icon name="close" size={16} />
        </Close>
      </Head>
      {children}
    </Frame>
  );
}
