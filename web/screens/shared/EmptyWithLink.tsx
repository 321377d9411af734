import { ButtonLink, type ButtonLinkProps } from '../../components/ButtonLink.tsx';
import { EmptyState, type EmptyStateProps } from '../../components/EmptyState.tsx';

export type EmptyWithLinkProps = Omit<EmptyStateProps, 'action'> & {
  /** the way on: where it goes and what it says, e.g. '/browse', 'Browse data' */
  to: ButtonLinkProps['to'];
  label: string;
  variant?: ButtonLinkProps['variant'];
  size?: ButtonLinkProps['size'];
};

/** An empty state whose way on is one link styled as a button (browse the market, list data, log in). */
export function EmptyWithLink({ to, label, variant, size, ...empty }: EmptyWithLinkProps) {
  return (
    <EmptyState
      {...empty}
      action={
        <ButtonLink to={to} variant={variant} size={size}>
          {label}
        </ButtonLink>
      }
    />
  );
}
