import { graphql } from 'react-relay';

// Each new message of the ticket: the team's replies, and the visitor's own from other tabs.
export const WidgetMessageAddedSubscription = graphql`
  subscription WidgetMessageAddedSubscription($ticketId: ID!) {
    supportMessageAdded(ticketId: $ticketId) {
      messageId
      ticketId
      ...SupportMessageItem_message
    }
  }
`;
