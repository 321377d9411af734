import { useEffect, useRef } from 'react';

/**
 * Spends a mailed single-use token once: the pages that open a mailed link (verify, confirm a new
 * email, unsubscribe) send it as soon as they show, and a StrictMode double effect or a re-render
 * must not send it twice (the second answer would say the link was already used).
 */
export function useOncePerToken(token: string, spend: (token: string) => void) {
  const spent = useRef<string | null>(null);
  const latest = useRef(spend);
  latest.current = spend;
  useEffect(() => {
    if (!token || spent.current === token) return;
    spent.current = token;
    latest.current(token);
  }, [token]);
}
