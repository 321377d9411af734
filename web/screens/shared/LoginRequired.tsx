import { ButtonLink } from '../../components/ButtonLink.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';

export type LoginRequiredProps = {
  /** the page's heading, e.g. 'Access Denied' */
  title: string;
  description: string;
  /** where the login leads back to */
  next: string;
};

/** A page for the logged in, seen logged out: it says so, with a way to log in and come back. */
export function LoginRequired({ title, description, next }: LoginRequiredProps) {
  return (
    <EmptyState
      page
      icon="lock"
      title={title}
      description={description}
      action={
        <ButtonLink to={`/auth/login?next=${encodeURIComponent(next)}`} variant="primary">
          LOGIN
        </ButtonLink>
      }
    />
  );
}
