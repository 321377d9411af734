import { graphql } from 'react-relay';

// The widget's ticket: the grant cookie of the browser that opened it, its owner's session or an
// administrator may read it; anyone else gets FORBIDDEN, an unknown id NOT_FOUND.
export const WidgetTicketQuery = graphql`
  query WidgetTicketQuery($id: ID!) {
    supportTicket(id: $id) {
      id
      ...SupportConversation_ticket
    }
  }
`;
