import { useId } from 'react';
import styled from 'styled-components';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { FieldError } from '../../../components/fieldStyles.ts';

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 8px 16px;
  align-items: center;
  min-width: 0;
  padding: 10px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  &:last-child {
    border-bottom: 0;
  }

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: minmax(0, 1fr) auto;
  }
`;

const Question = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.text};
`;

const Answers = styled.div`
  display: flex;
  gap: 20px;
`;

const Err = styled(FieldError)`
  grid-column: 1 / -1;
`;

export type YesNoQuestionProps = {
  /** the form field name (radio group name) */
  name: string;
  question: string;
  /** null until answered: nothing is preselected */
  value: boolean | null;
  onChange: (value: boolean) => void;
  error?: string;
};

/** One compliance question asked as an explicit Yes/No radio pair. */
export function YesNoQuestion({ name, question, value, onChange, error }: YesNoQuestionProps) {
  const id = useId();
  const questionId = `${id}-question`;
  const errorId = `${id}-error`;
  return (
    <Row role="radiogroup" aria-labelledby={questionId} aria-describedby={error ? errorId : undefined} data-testid={`question-${name}`}>
      <Question id={questionId}>{question}</Question>
      <Answers>
        <Checkbox radio name={name} label="Yes" checked={value === true} onChange={() => onChange(true)} aria-invalid={error ? true : undefined} />
        <Checkbox radio name={name} label="No" checked={value === false} onChange={() => onChange(false)} aria-invalid={error ? true : undefined} />
      </Answers>
      {error && (
        <Err id={errorId} role="alert">
          {error}
        </Err>
      )}
    </Row>
  );
}
