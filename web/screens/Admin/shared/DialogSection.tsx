import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { wideLabel } from '../../shared/figureText.ts';

// The sections of a back-office dialog that lays out an item to decide on (a listing's details, a
// dispute's evidence): each with a small green uppercase title, divided by a rule. `roomy` gives a
// long dialog more air and a square before each title.

/** The dialog's column of sections. */
export const DialogSections = styled.div<{ $roomy?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ $roomy }) => ($roomy ? 18 : 16)}px;
`;

const Section = styled.section<{ $roomy: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ $roomy }) => ($roomy ? 10 : 8)}px;
  min-width: 0;

  & + & {
    padding-top: ${({ $roomy }) => ($roomy ? 16 : 14)}px;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Title = styled.h3<{ $roomy: boolean }>`
  display: flex;
  align-items: center;
  gap: 8px;
  ${wideLabel('xs', 'up')}

  &::before {
    content: '';
    display: ${({ $roomy }) => ($roomy ? 'block' : 'none')};
    width: 6px;
    height: 6px;
    background: currentColor;
    border-radius: 1px;
  }
`;

export type DialogSectionProps = {
  title: string;
  /** the section's name when it should differ from its title */
  label?: string;
  roomy?: boolean;
  children: ReactNode;
};

/** One titled section of a DialogSections column. */
export function DialogSection({ title, label, roomy = false, children }: DialogSectionProps) {
  const titleId = useId();
  return (
    <Section $roomy={roomy} aria-label={label} aria-labelledby={label ? undefined : titleId}>
      <Title id={titleId} $roomy={roomy}>
        {title}
      </Title>
      {children}
    </Section>
  );
}
