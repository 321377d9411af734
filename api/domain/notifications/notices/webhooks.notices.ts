import { str, type Describer } from './notice.ts';

// Webhooks' notice (docs/decisions.md "Issue 27: webhooks and the event feed"): the owner of an
// endpoint disabled after failing for days hears of it, with where to turn it back on.

export const webhooksNotices: Record<string, Describer> = {
  'webhook.disabled': async (tx, data) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { id: str(data.endpointId) }, select: { userId: true, url: true, enabled: true } });
    if (!endpoint || endpoint.enabled) return [];
    return [
      {
        userId: endpoint.userId,
        title: 'Webhook endpoint disabled',
        body: `Every delivery to ${endpoint.url} failed for 3 days, so we stopped sending to it. Fix it and enable it again under Dashboard → Developers; the events it missed are in GET /api/events.`,
        link: '/dashboard/developers',
      },
    ];
  },
};
