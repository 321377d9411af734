import { graphql, useMutation } from 'react-relay';
import type { CreateApiTokenMutation as CreateApiTokenMutationType } from '../../../__generated__/CreateApiTokenMutation.graphql.ts';
import type { RevokeApiTokenMutation as RevokeApiTokenMutationType } from '../../../__generated__/RevokeApiTokenMutation.graphql.ts';

// Tokens have no global id: the section reads its list again after each of these.

const createApiToken = graphql`
  mutation CreateApiTokenMutation($input: CreateApiTokenInput!) {
    createApiToken(input: $input) {
      __typename
      ... on MutationCreateApiTokenSuccess {
        data {
          token
          apiToken {
            tokenId
            name
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const revokeApiToken = graphql`
  mutation RevokeApiTokenMutation($tokenId: String!) {
    revokeApiToken(tokenId: $tokenId) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

export const useCreateApiTokenMutation = () => useMutation<CreateApiTokenMutationType>(createApiToken);
export const useRevokeApiTokenMutation = () => useMutation<RevokeApiTokenMutationType>(revokeApiToken);
