import { graphql, type PreloadedQuery } from 'react-relay';
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { preloadQuery } from '../../../relay/preload.ts';
import type { ListDataQuery as ListDataQueryType } from '../../../__generated__/ListDataQuery.graphql.ts';

// /list-data (and /list-data?edit={contractId}): who asks and their due diligence status (the
// banner, whether the form is enabled), the categories, and the listing being edited.
export const ListDataQuery = graphql`
  query ListDataQuery($editId: ID!, $editing: Boolean!) {
    viewer {
      id
      isAdmin
      dueDiligenceStatus
      ...DiligenceBanner_viewer
    }
    categories {
      ...ListingForm_categories
    }
    contract(id: $editId) @include(if: $editing) {
      id
      contractId
      title
      status
      viewerIsProvider
      ...ListingForm_contract
    }
  }
`;

export type ListDataLoaderData = { query: PreloadedQuery<ListDataQueryType>; editId: string | null };

/**
 * The status may have moved while away (an administrator approved the application), and a listing
 * being edited is prefilled once: always ask the server.
 */
export function listDataLoader({ request }: LoaderFunctionArgs): ListDataLoaderData {
  const editId = new URL(request.url).searchParams.get('edit')?.trim() || null;
  return {
    editId,
    query: preloadQuery<ListDataQueryType>('list-data', ListDataQuery, { editId: editId ?? '', editing: editId != null }, { fetchPolicy: 'network-only' }),
  };
}

/** Only a different listing to edit loads the screen again. */
export function listDataShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  return currentUrl.searchParams.get('edit') !== nextUrl.searchParams.get('edit');
}
