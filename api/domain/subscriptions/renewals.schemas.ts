import { z } from 'zod';

export const setAutoRenewInput = z.object({
  purchaseId: z.string().min(1, 'purchaseId is required'),
  autoRenew: z.boolean({ error: 'autoRenew must be true or false' }),
});
