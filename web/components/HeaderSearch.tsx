import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { TickerSearch } from './TickerSearch.tsx';

// the wide screen's search box; on a phone the market pages have their own (TickerSearch)
const Box = styled(TickerSearch)`
  display: none;
  flex: 0 1 340px;
  margin-left: 8px;

  ${({ theme }) => theme.media.lg} {
    display: block;
  }
`;

export type HeaderSearchProps = {
  /** called with the trimmed text on Enter, only when it is not empty (the floor's search) */
  onSearch: (text: string) => void;
  /** initial text of the box, e.g. the floor's ?search= */
  value: string;
};

/**
 * The header's search box searches the market where the visitor browses it: on /browse it stays
 * on /browse, anywhere else it goes to the floor through `onSearch` (docs/decisions.md "One way to
 * browse").
 */
export function HeaderSearch({ onSearch, value }: HeaderSearchProps) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  if (pathname !== '/browse') return <Box onSearch={onSearch} value={value} />;
  return (
    <Box
      value={new URLSearchParams(search).get('search') ?? ''}
      onSearch={(text) => navigate(`/browse?search=${encodeURIComponent(text)}`)}
    />
  );
}
