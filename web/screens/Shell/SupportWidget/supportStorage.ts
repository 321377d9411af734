// What the widget remembers in this browser across reloads: the ticket it shows and whether it
// was open. Storage can be unavailable (private modes, blocked cookies); the widget then simply
// forgets.

const TICKET_KEY = 'datapit.support.ticket';
const OPEN_KEY = 'datapit.support.open';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value == null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* nothing to remember with */
  }
}

export function storedTicketId(): string | null {
  return read(TICKET_KEY);
}

export function rememberTicket(ticketId: string | null) {
  write(TICKET_KEY, ticketId);
}

export function storedOpen(): boolean {
  return read(OPEN_KEY) === '1';
}

export function rememberOpen(open: boolean) {
  write(OPEN_KEY, open ? '1' : null);
}
