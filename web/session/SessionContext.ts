import { createContext } from 'react';

// Session: a user is logged in when the current-user call returns a user.

/** The logged-in user as the whole app needs it (screens select anything else in their own queries). */
export type SessionViewer = {
  id: string;
  name: string;
  username: string;
  isAdmin: boolean;
};

export type Session = {
  /** null when logged out */
  viewer: SessionViewer | null;
  /**
   * Call after the server changed the session (login, admin login): forgets every cached query
   * (their answers depend on who asks) and fetches the viewer again; resolves once it is in.
   */
  refreshSession: () => Promise<void>;
  /** Forgets the viewer and every cached query locally (after logout). */
  clearSession: () => void;
};

export const SessionContext = createContext<Session | null>(null);
