import { EmptyWithLink } from '../../shared/EmptyWithLink.tsx';

/** 'Access Denied' - 'Admin access required', with a way to /admin-login. */
export function AccessDenied() {
  return (
    <EmptyWithLink
      page
      icon="lock"
      title="Access Denied"
      description="Admin access required"
      to="/admin-login"
      label="ADMIN LOGIN"
      variant="primary"
    />
  );
}
