import { useEffect, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Icon } from './Icon.tsx';
import { VisuallyHidden } from './VisuallyHidden.tsx';

export type TickerSearchProps = {
  /** called with the trimmed text on Enter, only when it is not empty */
  onSearch: (text: string) => void;
  /** the text shown, e.g. the current ?search=; the box follows it when it changes */
  value?: string;
  className?: string;
};

const Form = styled.form`
  position: relative;

  svg {
    position: absolute;
    left: 10px;
    top: 50%;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.textDim};
    pointer-events: none;
  }

  input {
    width: 100%;
    height: 32px;
    padding: 0 46px 0 32px;
    background: ${({ theme }) => theme.colors.raised};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    color: ${({ theme }) => theme.colors.textStrong};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    letter-spacing: 0.02em;
    transition: border-color ${({ theme }) => theme.transitions.fast};

    &:hover { border-color: ${({ theme }) => theme.colors.borderStrong}; }
    &:focus {
      outline: none;
      border-color: ${({ theme }) => theme.colors.up};
      box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.upSoft};
    }
  }

  kbd {
    position: absolute;
    right: 8px;
    top: 50%;
    transform: translateY(-50%);
    padding: 1px 5px;
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: 2px;
    font-size: 10px;
    color: ${({ theme }) => theme.colors.textDim};
    pointer-events: none;
  }

  /* a phone: a taller box, 16px text so the browser does not zoom in on focus, and no Enter key
     hint (the on-screen keyboard shows its own Search key) */
  ${({ theme }) => theme.media.mobile} {
    input {
      height: 40px;
      padding-right: 12px;
      font-size: 16px;
    }
    kbd {
      display: none;
    }
  }
`;

/**
 * The market's search box ("Search ticker symbols"): the header's on a wide screen, the trading
 * floor's on a phone. Enter sends the trimmed text.
 */
export function TickerSearch({ onSearch, value = '', className }: TickerSearchProps) {
  const [query, setQuery] = useState(value);
  const id = useId();

  useEffect(() => setQuery(value), [value]);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const text = query.trim();
    if (text) onSearch(text);
  }

  return (
    <Form role="search" onSubmit={submit} className={className}>
      <Icon name="search" size={14} />
      <VisuallyHidden as="label" htmlFor={id}>
        Search ticker symbols
      </VisuallyHidden>
      <input
        id={id}
        type="search"
        placeholder="Search ticker symbols..."
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
      />
      <kbd aria-hidden="true">↵</kbd>
    </Form>
  );
}
