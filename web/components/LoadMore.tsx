import styled from 'styled-components';
import { Button } from './Button.tsx';

const Row = styled.div`
  display: flex;
  justify-content: center;
  padding: 10px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

export type LoadMoreProps = {
  hasNext: boolean;
  loading: boolean;
  onLoad: () => void;
  /** what is loaded, e.g. 'payments' */
  what: string;
};

/** 'Load more' under a paginated list; nothing when the list is complete. */
export function LoadMore({ hasNext, loading, onLoad, what }: LoadMoreProps) {
  if (!hasNext) return null;
  return (
    <Row>
      <Button size="sm" variant="ghost" busy={loading} onClick={onLoad}>
        Load more {what}
      </Button>
    </Row>
  );
}
