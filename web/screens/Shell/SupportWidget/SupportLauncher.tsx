import type { Ref } from 'react';
import { Icon } from '../../../components/Icon.tsx';
import { theme } from '../../../theme/theme.ts';

export type SupportLauncherProps = {
  ref?: Ref<HTMLButtonElement>;
  onOpen: () => void;
  /** the panel's code may be fetched ahead, as the pointer or focus arrives */
  onIntent?: () => void;
  /** the dialog it opens, once it is on the page */
  controls?: string;
};

// The button's rules are a <style> of their own that React places in the document's head, not
// styled-components rules: it mounts after the page's first render, and a rule inserted then into
// styled-components' one stylesheet makes the browser recompute the style of every element the
// sheet styles (~1,100 on the floor, a task of ~25 ms on this host, ~100 ms on the phone Lighthouse
// simulates); the rules of a new stylesheet are matched against the elements they can select only
// (docs/decisions.md "Issue 28: main-thread work of the public pages").
const ROUND = 'support-launcher';
const { colors, transitions, media, zIndices } = theme;
const ROUND_CSS = `
.${ROUND} {
  position: fixed;
  z-index: ${zIndices.dropdown + 5};
  right: 16px;
  bottom: 16px;
  display: grid;
  place-items: center;
  width: 52px;
  height: 52px;
  padding: 0;
  border: 1px solid ${colors.up};
  border-radius: 50%;
  background: ${colors.up};
  color: ${colors.onUp};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.5), 0 0 18px rgba(25, 210, 124, 0.25);
  cursor: pointer;
  transition: background ${transitions.fast}, transform ${transitions.fast};
}
.${ROUND}:hover {
  background: ${colors.upHover};
  transform: translateY(-1px);
}
.${ROUND}:focus-visible {
  outline: 2px solid ${colors.focus};
  outline-offset: 3px;
}
${media.sm} {
  .${ROUND} { right: 24px; bottom: 24px; width: 56px; height: 56px; }
}
/* a phone's page scrolls under it: keep it small and out of the way of the page's own buttons */
${media.mobile} {
  .${ROUND} { width: 46px; height: 46px; right: 12px; bottom: 12px; }
}
`;

/** The closed widget: a round button fixed at the bottom right of every page. */
export function SupportLauncher({ ref, onOpen, onIntent, controls }: SupportLauncherProps) {
  return (
    <>
      <style href={ROUND} precedence="support">
        {ROUND_CSS}
      </style>
      <button
        className={ROUND}
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
      </button>
    </>
  );
}
