import { accessState } from '../../delivery/delivery.rules.ts';
import { entitledByPurchase } from '../../releases/entitlement.rules.ts';
import { describeDiff, type SchemaDiff } from '../../releases/schema-diff.ts';
import { str, type Describer, type Notice } from './notice.ts';

// Releases' notices (docs/decisions.md "Issue 26: releases"): a new release tells the subscribers
// whose live access includes it, with the schema-change mark when their code may break. One-time
// buyers are not told: their purchase does not include releases published after it.

const NOTES_CHARS = 280;

export const releasesNotices: Record<string, Describer> = {
  'release.published': async (tx, data) => {
    const release = await tx.contractRelease.findUnique({
      where: { id: str(data.releaseId) },
      select: { sequence: true, version: true, notes: true, publishedAt: true, schemaChange: true, schemaDiff: true, fileId: true, contract: { select: { id: true, title: true } } },
    });
    if (!release) return [];
    const purchases = await tx.purchase.findMany({
      // Subscribed when it came out (a later buyer finds it in the library, unannounced).
      where: { contractId: release.contract.id, purchaseDate: { lte: release.publishedAt }, accessExpiresAt: { gt: release.publishedAt } },
      select: { buyerId: true, status: true, purchaseDate: true, accessExpiresAt: true, payment: { select: { status: true } } },
    });
    const stamp = [{ sequence: release.sequence, publishedAt: release.publishedAt }];
    const told = new Set<string>();
    for (const p of purchases) {
      if (accessState(p, p.payment, release.publishedAt).hasAccess && entitledByPurchase(p, stamp).has(release.sequence)) told.add(p.buyerId);
    }
    if (!told.size) return [];
    const { title, body } = wording(release);
    return [...told].map((userId): Notice => ({ userId, title, body, link: `/contract/${release.contract.id}` }));
  },
};

function wording(release: { version: string; notes: string | null; schemaChange: boolean; schemaDiff: unknown; fileId: string | null; contract: { title: string } }) {
  const name = `"${release.contract.title}"`;
  if (!release.fileId) {
    // A link listing's confirmed update: the data behind the provider's link was refreshed.
    return { title: `Updated: ${release.contract.title}`, body: `The provider confirmed an update of ${name} (${release.version}).${release.notes ? ` ${cut(release.notes)}` : ''}` };
  }
  const mark = release.schemaChange ? ' (schema change)' : '';
  const diff = describeDiff(release.schemaDiff as SchemaDiff | null);
  const body = [
    `Release ${release.version} of ${name} is out${mark}.`,
    release.schemaChange ? `Schema change: ${diff}. Check your code before switching to it; earlier releases stay downloadable.` : diff ? `Changes: ${diff}.` : '',
    release.notes ? `Notes: ${cut(release.notes)}` : '',
  ];
  return { title: `New release ${release.version}${mark}: ${release.contract.title}`, body: body.filter(Boolean).join(' ') };
}

const cut = (s: string) => (s.length > NOTES_CHARS ? `${s.slice(0, NOTES_CHARS)}…` : s);
