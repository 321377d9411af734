/** The contract the open-position form trades: what it shows and what it sends. */
export type ChosenContract = {
  /** global id (what the mutation takes) */
  id: string;
  contractId: string;
  title: string;
  ticker: string;
  /** the market price now: the entry price the preview uses */
  marketPrice: string;
};
