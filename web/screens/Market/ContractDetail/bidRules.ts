// When the bid ticket asks before placing a bid (docs/decisions.md "Bids: withdrawing, superseding,
// limits"). The server takes any payable bid; this only catches a slip of the finger ($5,000 typed
// for $500 on a $690 listing), which costs the buyer nothing to confirm.

/** A bid above this multiple of the list price asks for confirmation. */
export const FAR_ABOVE_LIST_MULTIPLE = 1.5;

/** Whole cents of a two-place decimal ("690.00" -> 69000); null when it is not one. */
function centsOf(amount: string): number | null {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/**
 * How many times the list price a bid is, when that is more than FAR_ABOVE_LIST_MULTIPLE (rounded
 * down to one decimal, so "7.2x" never overstates); null for an ordinary bid or figures that are
 * not amounts.
 */
export function farAboveList(bidAmount: string, listPrice: string): number | null {
  const bid = centsOf(bidAmount);
  const list = centsOf(listPrice);
  if (bid === null || list === null || list === 0) return null;
  // Whole cents times 1.5 are exact in a double: 1035.01 on 690.00 asks, 1035.00 does not.
  if (bid <= list * FAR_ABOVE_LIST_MULTIPLE) return null;
  return Math.floor((bid * 10) / list) / 10;
}
