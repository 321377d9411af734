import { useContext } from 'react';
import { SessionContext, type Session } from './SessionContext.ts';

/** `const { viewer, refreshSession } = useSession()`; provided by the app shell. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() must be used inside the app shell');
  return session;
}
