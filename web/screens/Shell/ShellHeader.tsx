import { useCallback } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Header } from '../../components/Header.tsx';
import { useSession } from '../../session/useSession.ts';
import type { ShellHeader_viewer$key } from '../../__generated__/ShellHeader_viewer.graphql.ts';
import { useLogoutMutation } from './LogoutMutation.ts';

export type ShellHeaderProps = {
  /** null when logged out */
  viewer: ShellHeader_viewer$key | null;
};

/** The site header fed by the viewer; search and logout. */
export function ShellHeader({ viewer: viewerKey }: ShellHeaderProps) {
  const viewer = useFragment(
    graphql`
      fragment ShellHeader_viewer on User {
        name
        rating
        tradeCount
        profileImage
        isAdmin
      }
    `,
    viewerKey,
  );
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const { clearSession } = useSession();
  const [commitLogout] = useLogoutMutation();

  const onSearch = useCallback((text: string) => navigate(`/?search=${encodeURIComponent(text)}`), [navigate]);

  // logout empties the cached user and goes to /auth/login; if logout
  // fails, the error is only logged, the user is cleared and the page still goes to /auth/login.
  const onLogout = useCallback(() => {
    const done = () => {
      clearSession();
      navigate('/auth/login', { replace: true });
    };
    commitLogout({
      variables: {},
      onCompleted: done,
      onError: (error) => {
        console.error('Logout failed', error);
        done();
      },
    });
  }, [clearSession, commitLogout, navigate]);

  return (
    <Header
      user={viewer ? { name: viewer.name, rating: viewer.rating ?? null, tradeCount: viewer.tradeCount, profileImage: viewer.profileImage ?? null, isAdmin: viewer.isAdmin } : null}
      onLogout={onLogout}
      onSearch={onSearch}
      initialSearch={pathname === '/' ? (searchParams.get('search') ?? '') : ''}
    />
  );
}
