import type { Ref } from 'react';
import styled from 'styled-components';
import { Icon } from '../../../components/Icon.tsx';

export type SupportLauncherProps = {
  ref?: Ref<HTMLButtonElement>;
  onOpen: () => void;
  /** the panel's code may be fetched ahead, as the pointer or focus arrives */
  onIntent?: () => void;
  /** the dialog it opens, once it is on the page */
  controls?: string;
};

const Round = styled.button`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndices.dropdown + 5};
  right: 16px;
  bottom: 16px;
  display: grid;
  place-items: center;
  width: 52px;
  height: 52px;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.up};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.up};
  color: ${({ theme }) => theme.colors.onUp};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.5), 0 0 18px rgba(25, 210, 124, 0.25);
  cursor: pointer;
  transition:
    background ${({ theme }) => theme.transitions.fast},
    transform ${({ theme }) => theme.transitions.fast};

  &:hover {
    background: ${({ theme }) => theme.colors.upHover};
    transform: translateY(-1px);
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 3px;
  }

  ${({ theme }) => theme.media.sm} {
    right: 24px;
    bottom: 24px;
    width: 56px;
    height: 56px;
  }

  /* a phone's page scrolls under it: keep it small and out of the way of the page's own buttons */
  ${({ theme }) => theme.media.mobile} {
    width: 46px;
    height: 46px;
    right: 12px;
    bottom: 12px;
  }
`;

/** The closed widget: a round button fixed at the bottom right of every page. */
export function SupportLauncher({ ref, onOpen, onIntent, controls }: SupportLauncherProps) {
  return (
    <Round
      ref={ref}
      type="button"
      aria-label="Open support"
      aria-haspopup="dialog"
      aria-controls={controls}
      onClick={onOpen}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      data-testid="support-launcher"
    >
      <Icon name="chat" size={24} strokeWidth={2} />
    </Round>
  );
}
