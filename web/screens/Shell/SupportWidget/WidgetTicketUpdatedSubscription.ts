import { graphql } from 'react-relay';

// The ticket again whenever the team answers or moves it: the status badge follows.
export const WidgetTicketUpdatedSubscription = graphql`
  subscription WidgetTicketUpdatedSubscription($ticketId: ID!) {
    supportTicketUpdated(ticketId: $ticketId) {
      id
      subject
      status
    }
  }
`;
