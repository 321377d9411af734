import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Spinner } from '../../../components/Spinner.tsx';
import type { DisputeEvidenceLoaderQuery } from '../../../__generated__/DisputeEvidenceLoaderQuery.graphql.ts';
import { EvidencePanel } from './EvidencePanel.tsx';

// The evidence of a dispute read on its own: the page that shows the dispute is already deep in
// the query depth limit (a dispute inside a payment inside the page's query), and the evidence
// nests three levels more.

const query = graphql`
  query DisputeEvidenceLoaderQuery($id: ID!) {
    node(id: $id) {
      ...EvidencePanel_dispute @alias(as: "dispute")
    }
  }
`;

function Loaded({ disputeId }: { disputeId: string }) {
  const { node } = useLazyLoadQuery<DisputeEvidenceLoaderQuery>(query, { id: disputeId }, { fetchPolicy: 'store-and-network' });
  return node?.dispute ? <EvidencePanel dispute={node.dispute} /> : null;
}

/** A dispute's evidence and, for its parties while it is open, the form to add theirs. */
export function DisputeEvidenceLoader({ disputeId }: { disputeId: string }) {
  return (
    <Suspense fallback={<Spinner label="Loading the evidence" />}>
      <Loaded disputeId={disputeId} />
    </Suspense>
  );
}
