import { EmptyWithLink } from './EmptyWithLink.tsx';

/** The page of a contract that does not exist or is hidden from the viewer, with the way back to browsing. */
export function ContractNotFound({ description }: { description: string }) {
  return (
    <EmptyWithLink
      page
      icon="alert"
      title="CONTRACT NOT FOUND"
      description={description}
      to="/browse"
      label="BROWSE DATA"
      variant="primary"
    />
  );
}
