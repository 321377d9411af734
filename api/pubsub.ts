import { createPubSub } from 'graphql-yoga';

// Events the server publishes to GraphQL subscriptions. Later areas (messages, tickets) add theirs.
export type PubSubEvents = {
  marketStatsChanged: [];
};

export function createAppPubSub() {
  return createPubSub<PubSubEvents>();
}
export type PubSub = ReturnType<typeof createAppPubSub>;
