// A purchase as REST shows it (GET /api/purchases/buyer/{id}, POST /api/purchases, the access call):
// the plain ids, its access (hasAccess, accessExpired: the domain's one rule, read with the list) and
// the provider's public identity. Shared so the list and the access call answer the same fields.

export const PURCHASE_FIELDS = `purchaseId buyerId contractId status amount purchaseDate accessExpiresAt downloadCount lastAccessedAt
  hasAccess accessExpired autoRenew renewalStatus renewsAt
  contract { contractId title category dataFormat recordCount updateFrequency provider { userId name profileImage } }`;

export interface PurchaseNode {
  purchaseId: string;
  buyerId: string;
  contractId: string;
  status: string;
  amount: string;
  hasAccess: boolean;
  accessExpired: boolean;
  contract: { contractId: string; provider: { userId: string; name: string; profileImage: string | null } } & Record<string, unknown>;
  [field: string]: unknown;
}

export function restPurchase(node: PurchaseNode) {
  const { purchaseId, contract, ...rest } = node;
  const { contractId, provider, ...c } = contract;
  const { userId, ...p } = provider;
  return { id: purchaseId, ...rest, contract: { id: contractId, ...c }, provider: { id: userId, ...p } };
}
