import styled from 'styled-components';
import { Button } from './Button.tsx';

const Row = styled.div<{ $divided: boolean }>`
  display: flex;
  justify-content: center;
  padding: 10px;
  ${({ $divided, theme }) => ($divided ? `border-top: 1px solid ${theme.colors.border};` : '')}
`;

export type LoadMoreProps = {
  hasNext: boolean;
  loading: boolean;
  onLoad: () => void;
  /** what is loaded, e.g. 'payments' */
  what: string;
  /** a rule above it (default), for rows that draw none under the last one */
  divided?: boolean;
};

/** 'Load more' under a paginated list; nothing when the list is complete. */
export function LoadMore({ hasNext, loading, onLoad, what, divided = true }: LoadMoreProps) {
  if (!hasNext) return null;
  return (
    <Row $divided={divided}>
      <Button size="sm" variant="ghost" busy={loading} onClick={onLoad}>
        Load more {what}
      </Button>
    </Row>
  );
}
