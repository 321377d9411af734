import { ButtonLink } from '../../components/ButtonLink.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';

/** The page of a contract that does not exist or is hidden from the viewer, with the way back to browsing. */
export function ContractNotFound({ description }: { description: string }) {
  return (
    <EmptyState
      page
      icon="alert"
      title="CONTRACT NOT FOUND"
      description={description}
      action={
        <ButtonLink to="/browse" variant="primary">
          BROWSE DATA
        </ButtonLink>
      }
    />
  );
}
