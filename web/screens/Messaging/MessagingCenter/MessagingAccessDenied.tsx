import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';

/** Logged out: 'Access Denied', with a way to log in and come back here. */
export function MessagingAccessDenied({ next }: { next: string }) {
  return (
    <EmptyState
      page
      icon="lock"
      title="Access Denied"
      description="Please log in to access your messages."
      action={
        <ButtonLink to={`/auth/login?next=${encodeURIComponent(next)}`} variant="primary">
          LOGIN
        </ButtonLink>
      }
    />
  );
}
