import styled from 'styled-components';
import { FactsGrid } from '../../../components/FactsGrid.tsx';

/** The facts of a dispute's evidence: figures in monospace, at full strength. */
export const EvidenceFacts = styled(FactsGrid).attrs({ $min: 170, $mono: true, $strong: true })``;

/** A quiet sentence where evidence is missing. */
export const EvidenceNote = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
