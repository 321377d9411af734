import { useEffect } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, useRevalidator } from 'react-router-dom';
import { ErrorBoundary } from '../../../relay/ErrorBoundary.tsx';
import { LoadError } from '../../../relay/RouteBoundary.tsx';
import type { ProviderProfileQuery as ProviderProfileQueryType } from '../../../__generated__/ProviderProfileQuery.graphql.ts';
import { EmptyWithLink } from '../../shared/EmptyWithLink.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { Crumbs } from '../shared/Crumbs.tsx';
import { ProviderHeader } from './ProviderHeader.tsx';
import { ProviderListings } from './ProviderListings.tsx';
import { ProviderProfileQuery, type ProviderProfileLoaderData } from './ProviderProfileQuery.ts';


/** /provider/:username: a provider's public profile, their record and their listings on sale. */
export function ProviderProfile() {
  const { query, username } = useLoaderData() as ProviderProfileLoaderData;
  const revalidator = useRevalidator();
  // reached from the provider panel low on a contract page: open at the provider's name, not mid-list
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [username]);
  return (
    <ErrorBoundary
      resetKeys={[query]}
      fallback={({ error }) => (
        <LoadError title="Failed to fetch provider" error={error} retrying={revalidator.state === 'loading'} onRetry={() => void revalidator.revalidate()} />
      )}
    >
      <ProviderProfileContent query={query} />
    </ErrorBoundary>
  );
}

function ProviderProfileContent({ query }: { query: PreloadedQuery<ProviderProfileQueryType> }) {
  const { provider } = usePreloadedQuery<ProviderProfileQueryType>(ProviderProfileQuery, query);
  // the same words as the server's head of this page (api/http/seo-head.ts providerPageHead)
  usePageTitle(provider ? `${provider.name}, data provider` : 'Provider not found');
  if (!provider) {
    return (
      <EmptyWithLink
        page
        icon="alert"
        title="PROVIDER NOT FOUND"
        description="There is no provider by this name on DATA PIT."
        to="/browse"
        label="BROWSE DATA"
        variant="primary"
      />
    );
  }
  return (
    <>
      <Crumbs aria-label="Breadcrumb">
        <Link to="/">Trading floor</Link>
        <span aria-hidden="true">/</span>
        <Link to="/browse">Browse</Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">{provider.name}</span>
      </Crumbs>
      <ProviderHeader provider={provider} />
      <ProviderListings provider={provider} />
    </>
  );
}
