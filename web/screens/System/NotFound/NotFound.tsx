import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';

const Wrap = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 14px;
  padding: 64px 16px;
  text-align: center;
`;

const Code = styled.p`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 72px;
  font-weight: 800;
  line-height: 1;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.down};
  text-shadow: 0 0 24px ${({ theme }) => theme.colors.downSoft};
`;

const Title = styled.h1`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  letter-spacing: ${({ theme }) => theme.tracking.wide};
`;

const Path = styled.p`
  max-width: 100%;
  padding: 6px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.panel};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Text = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The not-found fallback for any unknown path. */
export function NotFound() {
  usePageTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <Wrap>
      <Code aria-hidden="true">404</Code>
      <Title>PAGE NOT FOUND</Title>
      <Path data-testid="not-found-path">{pathname}</Path>
      <Text>This ticker is not listed on the floor.</Text>
      <ButtonLink to="/" variant="primary">
        BACK TO THE TRADING FLOOR
      </ButtonLink>
    </Wrap>
  );
}
