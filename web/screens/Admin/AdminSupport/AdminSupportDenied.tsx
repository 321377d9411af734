import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useToast } from '../../../components/toast/useToast.ts';

/** How long the refusal stays before the administrator login opens. */
export const DENIED_REDIRECT_MS = 1000;

/** 'Access Denied' - 'Admin access required' for everyone but administrators, then /admin-login. */
export function AdminSupportDenied() {
  const navigate = useNavigate();
  const { toast } = useToast();
  useEffect(() => {
    toast({ variant: 'destructive', title: 'Access Denied', description: 'Admin access required' });
    const timer = window.setTimeout(() => navigate('/admin-login', { replace: true }), DENIED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, toast]);
  return (
    <div role="alert" data-testid="admin-support-denied">
      <EmptyState
        page
        icon="lock"
        title="Access Denied"
        description="Admin access required. Redirecting to login..."
        action={
          <ButtonLink to="/admin-login" replace variant="primary">
            ADMIN LOGIN
          </ButtonLink>
        }
      />
    </div>
  );
}
