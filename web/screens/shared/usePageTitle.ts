import { useEffect } from 'react';

/** Sets the tab title to '{title} · DATA PIT' while the screen is shown. */
export function usePageTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · DATA PIT`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
