import { graphql, useMutation } from 'react-relay';
import type { PublishReleaseMutation as MutationType } from '../../../__generated__/PublishReleaseMutation.graphql.ts';

// The provider publishes an uploaded file as the listing's next release; the answer brings the
// listing's figures back; the card then reads its releases again (ListingReleases).
const mutation = graphql`
  mutation PublishReleaseMutation($input: PublishReleaseInput!) {
    publishRelease(input: $input) {
      __typename
      ... on MutationPublishReleaseSuccess {
        data {
          id
          version
          contract {
            id
            recordCount
            fieldCount
            dataFields
          }
        }
      }
      ...formProblem_error @alias(as: "problem")
    }
  }
`;

export function usePublishReleaseMutation() {
  return useMutation<MutationType>(mutation);
}
