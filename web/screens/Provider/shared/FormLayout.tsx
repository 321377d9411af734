import styled from 'styled-components';

// Layout pieces shared by the two long provider forms (due diligence, listing).

/** Main column and a narrower side column (explainer), stacked on small screens. */
export const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;

  ${({ theme }) => theme.media.xl} {
    grid-template-columns: minmax(0, 1fr) 320px;
    align-items: start;
  }
`;

/** The side column; sticks below the header on wide screens. */
export const Side = styled.aside`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;

  ${({ theme }) => theme.media.xl} {
    position: sticky;
    top: calc(${({ theme }) => theme.layout.headerHeight} + ${({ theme }) => theme.layout.navHeight} + ${({ theme }) => theme.layout.tickerHeight} + 16px);
  }
`;

export const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`;

/** Fields two (or three) to a row on wide screens; `.full` spans the row. */
export const FieldGrid = styled.div<{ $cols?: 2 | 3 }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 14px 16px;

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(${({ $cols = 2 }) => $cols}, minmax(0, 1fr));
  }

  > .full {
    grid-column: 1 / -1;
  }
`;

/** A fieldset without the browser's frame (a group of checkboxes or radios with a legend). */
export const Group = styled.fieldset`
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  > legend {
    float: left;
    width: 100%;
    margin-bottom: 8px;
    padding: 0;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    letter-spacing: ${({ theme }) => theme.tracking.label};
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  > legend + * {
    clear: both;
  }
`;

/** Checkboxes in columns. */
export const ChoiceGrid = styled.div<{ $min?: number }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min = 200 }) => $min}px, 1fr));
  gap: 10px 16px;
  padding: 12px;
  background: ${({ theme }) => theme.colors.bg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.downBorder};
  }
`;

/** The row under a form: the submit button and what keeps it disabled. */
export const SubmitBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 10px 16px;
  padding: 14px 16px;
  background: ${({ theme }) => theme.colors.panel};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: 2px solid ${({ theme }) => theme.colors.up};
  border-radius: ${({ theme }) => theme.radii.md};
`;

export const SubmitNote = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.45;

  &[data-tone='error'] {
    color: ${({ theme }) => theme.colors.down};
  }
`;

/** A short paragraph of help text inside a panel. */
export const Lead = styled.p`
  margin-bottom: 14px;
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.5;
`;
