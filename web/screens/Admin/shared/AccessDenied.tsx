import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';

/** 'Access Denied' - 'Admin access required', with a way to /admin-login. */
export function AccessDenied() {
  return (
    <EmptyState
      page
      icon="lock"
      title="Access Denied"
      description="Admin access required"
      action={
        <ButtonLink to="/admin-login" variant="primary">
          ADMIN LOGIN
        </ButtonLink>
      }
    />
  );
}
