import styled from 'styled-components';
import type { ApplicationErrors, ApplicationField } from './applicationRules.ts';
import { FIELD_LABELS } from './applicationRules.ts';

const Wrap = styled.div`
  flex: 1 1 320px;
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.45;

  p {
    color: ${({ theme }) => theme.colors.amber};
    font-weight: 600;
  }

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 14px;
    margin: 4px 0 0;
    padding: 0;
    list-style: none;
  }
`;

const Go = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.blue};
  font: inherit;
  text-align: left;
  text-decoration: underline;
  text-underline-offset: 2px;
  cursor: pointer;

  &:hover { color: ${({ theme }) => theme.colors.textStrong}; }
`;

export type MissingItemsProps = {
  /** what the rules still find wrong with the answers, in the form's order */
  missing: ApplicationErrors;
  /** moves focus to the field */
  onGo: (field: ApplicationField) => void;
};

/**
 * Beside the Submit button: every answer still missing or wrong, each a link to its field, so a
 * disabled or refused Submit never leaves the applicant guessing.
 */
export function MissingItems({ missing, onGo }: MissingItemsProps) {
  const fields = Object.keys(missing) as ApplicationField[];
  return (
    <Wrap data-testid="missing-items" aria-live="polite">
      <p id="missing-items-title">
        {fields.length === 1 ? '1 answer still needed before you can submit:' : `${fields.length} answers still needed before you can submit:`}
      </p>
      <ul aria-labelledby="missing-items-title">
        {fields.map((f) => (
          <li key={f}>
            <Go type="button" onClick={() => onGo(f)} title={missing[f]}>
              {FIELD_LABELS[f] ?? f}
            </Go>
          </li>
        ))}
      </ul>
    </Wrap>
  );
}
