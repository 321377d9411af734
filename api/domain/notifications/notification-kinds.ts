// The kinds of notification a person can receive, in the product's one vocabulary of events, with
// where each goes by default (docs/decisions.md "Issue 25: notifications"). A person's preference
// (model NotificationPreference) overrides the default; `security` kinds are always mailed too.

export type Channel = 'app' | 'mail' | 'both';

export interface NotificationKind {
  /** The event type, e.g. `bid.accepted`. */
  type: string;
  /** What the preferences screen calls it. */
  label: string;
  /** Where it goes without a preference of the person's. */
  defaultChannel: Channel;
  /** Mailed whatever the preference says (no unsubscribe link): what a person must know. */
  security?: boolean;
}

const kind = (type: string, label: string, defaultChannel: Channel = 'app', security = false): NotificationKind => ({ type, label, defaultChannel, security });

export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  kind('bid.received', 'A bid on your listing', 'both'),
  kind('bid.accepted', 'Your bid was accepted', 'both'),
  kind('bid.declined', 'Your bid was declined'),
  kind('bid.withdrawn', 'A bid on your listing was withdrawn'),
  kind('payment.escrowed', 'A payment was received and is held in escrow', 'both'),
  kind('payment.released', 'Escrow released'),
  kind('payment.refunded', 'A payment was refunded', 'both'),
  kind('dispute.opened', 'A dispute was opened', 'both'),
  kind('dispute.answered', 'A dispute was answered', 'both'),
  kind('dispute.evidence', 'Evidence was added to a dispute', 'both'),
  kind('dispute.settled', 'A dispute was settled', 'both'),
  kind('listing.approved', 'Your listing was approved'),
  kind('listing.rejected', 'Your listing was rejected'),
  kind('listing.revision_approved', 'Changes to your listing were approved'),
  kind('listing.revision_rejected', 'Changes to your listing were rejected'),
  kind('listing.paused', 'A listing you bought or bid on was paused', 'both'),
  kind('listing.resumed', 'A listing you bid on is back on the market'),
  kind('listing.delisted', 'A listing you bought or bid on was delisted', 'both'),
  kind('diligence.decided', 'A decision on your due diligence'),
  kind('support.replied', 'Support replied'),
  kind('access.expiring', 'Your data access is expiring', 'both'),
  kind('access.expired', 'Your data access expired'),
  kind('subscription.renewal_upcoming', 'Your subscription renews soon', 'both'),
  kind('subscription.renewed', 'Your subscription renewed'),
  kind('subscription.renewal_failed', 'A renewal of your subscription failed', 'both'),
  kind('subscription.cancelled', 'You stopped a subscription from renewing'),
  kind('release.published', 'A new release of data you subscribe to', 'both'),
  kind('message.received', 'A new message'),
  kind('release.delayed', 'Data delayed: a listing missed its update frequency', 'both'),
  kind('webhook.disabled', 'A webhook endpoint of yours was disabled', 'both'),
  kind('account.security', 'Security of your account', 'both', true),
];

// Listing reviews, due-diligence decisions and support replies default to the app only: their own
// mails (the specification's) already tell the person, and a second mail of the same news is noise.

const BY_TYPE = new Map(NOTIFICATION_KINDS.map((k) => [k.type, k]));

export function notificationKind(type: string): NotificationKind | undefined {
  return BY_TYPE.get(type);
}

/** Where a kind goes for a person: their preference, else the default; security kinds always mail. */
export function channelsFor(type: string, preference: Channel | undefined): { inApp: boolean; mail: boolean } {
  const k = BY_TYPE.get(type);
  const channel = preference ?? k?.defaultChannel ?? 'app';
  return { inApp: channel !== 'mail', mail: channel !== 'app' || k?.security === true };
}
