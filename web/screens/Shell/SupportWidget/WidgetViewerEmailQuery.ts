import { graphql } from 'react-relay';

// The session knows the logged-in user's name; the form also prefills their email.
export const WidgetViewerEmailQuery = graphql`
  query WidgetViewerEmailQuery {
    viewer {
      id
      name
      email
    }
  }
`;
