import { str, usd, type Describer, type Notice } from './notice.ts';

// The disputes' notices (docs/decisions.md "Issue 25: notification events"): both parties hear a
// dispute opened and settled (with its outcome), the administrators a dispute to decide, the buyer
// the provider's first answer to it, and each side the other's evidence (a statement, files).

const disputeOf = (tx: Parameters<Describer>[0], data: Record<string, unknown>) =>
  tx.dispute.findUnique({
    where: { id: str(data.disputeId) },
    select: {
      id: true,
      status: true,
      reason: true,
      resolution: true,
      payment: {
        select: {
          buyerId: true,
          sellerId: true,
          amount: true,
          total: true,
          providerAmount: true,
          contract: { select: { id: true, title: true } },
          seller: { select: { username: true } },
          buyer: { select: { username: true } },
        },
      },
    },
  });

const REASONS: Record<string, string> = {
  data_quality: 'data quality',
  incomplete_data: 'incomplete data',
  wrong_format: 'wrong format',
  access_issues: 'access issues',
  misleading_description: 'a misleading description',
  other: 'another reason',
};

/** "a statement and 2 files", "a statement", "1 file". */
function evidenceWords(statement: boolean, files: number): string {
  const counted = files === 1 ? '1 file' : `${files} files`;
  if (statement && files > 0) return `a statement and ${counted}`;
  return statement ? 'a statement' : counted;
}

const buyerLink = (contractId: string) => `/payment-success/${contractId}`;
const SALES_LINK = '/dashboard/payments';
const COMPLIANCE_LINK = '/compliance-dashboard';

export const disputesNotices: Record<string, Describer> = {
  'dispute.opened': async (tx, data) => {
    const d = await disputeOf(tx, data);
    if (!d) return [];
    const { payment: p } = d;
    const why = REASONS[d.reason] ?? d.reason;
    const admins = await tx.user.findMany({ where: { isAdmin: true, id: { notIn: [p.buyerId, p.sellerId] } }, select: { id: true } });
    const notices: Notice[] = [
      { userId: p.sellerId, title: 'A payment was disputed', body: `The buyer of "${p.contract.title}" disputed a payment of ${usd(p.amount)} for ${why}; its escrow is held until an administrator decides.`, link: SALES_LINK },
      { userId: p.buyerId, title: 'Your dispute was opened', body: `Your dispute of ${usd(p.total)} for "${p.contract.title}" was opened; the money stays in escrow until an administrator decides.`, link: buyerLink(p.contract.id) },
      ...admins.map((a) => ({ userId: a.id, title: 'A dispute to decide', body: `A payment of ${usd(p.total)} for "${p.contract.title}" was disputed for ${why}.`, link: COMPLIANCE_LINK })),
    ];
    return notices;
  },
  'dispute.answered': async (tx, data) => {
    const d = await disputeOf(tx, data);
    if (!d || d.status !== 'open') return [];
    const { payment: p } = d;
    const conversation = str(data.conversationId);
    return [
      {
        userId: p.buyerId,
        title: 'The provider answered your dispute',
        body: `${p.seller.username} wrote to you about your dispute of "${p.contract.title}".`,
        link: conversation ? `/messaging?conversation=${encodeURIComponent(conversation)}` : buyerLink(p.contract.id),
      },
    ];
  },
  // Evidence tells the other side, while the dispute is open: the provider's statement is their
  // answer to the buyer, the buyer's files are what the provider has to answer.
  'dispute.evidence': async (tx, data) => {
    const d = await disputeOf(tx, data);
    if (!d || d.status !== 'open') return [];
    const evidence = await tx.disputeEvidence.findUnique({ where: { id: str(data.evidenceId) }, select: { role: true, statement: true, _count: { select: { files: true } } } });
    if (!evidence) return [];
    const { payment: p } = d;
    const what = evidenceWords(evidence.statement !== null, evidence._count.files);
    if (evidence.role === 'provider') {
      return [{ userId: p.buyerId, title: 'The provider answered your dispute', body: `${p.seller.username} answered your dispute of "${p.contract.title}" with ${what}.`, link: `${buyerLink(p.contract.id)}#dispute` }];
    }
    return [{ userId: p.sellerId, title: 'New evidence in a dispute', body: `The buyer (${p.buyer.username}) added ${what} to the dispute of "${p.contract.title}"; you can answer with a statement and files.`, link: SALES_LINK }];
  },
  'dispute.settled': async (tx, data) => {
    const d = await disputeOf(tx, data);
    if (!d || d.status === 'open') return [];
    const { payment: p } = d;
    const note = d.resolution ? ` Note: ${d.resolution}` : '';
    if (d.status === 'refunded') {
      return [
        { userId: p.buyerId, title: `Dispute settled: ${usd(p.total)} refunded`, body: `Your dispute of "${p.contract.title}" was settled with a refund of ${usd(p.total)}; its access has ended.${note}`, link: buyerLink(p.contract.id) },
        { userId: p.sellerId, title: 'Dispute settled: refunded', body: `The dispute of "${p.contract.title}" was settled with a refund to the buyer; the sale no longer counts.${note}`, link: SALES_LINK },
      ];
    }
    return [
      { userId: p.buyerId, title: 'Dispute settled: released', body: `Your dispute of "${p.contract.title}" was settled: the payment of ${usd(p.total)} was released to the provider.${note}`, link: buyerLink(p.contract.id) },
      { userId: p.sellerId, title: 'Dispute settled: released to you', body: `The dispute of "${p.contract.title}" was settled in your favour: ${usd(p.providerAmount)} is paid out to you.${note}`, link: SALES_LINK },
    ];
  },
};
