import { graphql, readInlineData } from 'react-relay';
import type { formProblem_error$key } from '../../__generated__/formProblem_error.graphql.ts';

// What a form shows of a refused mutation: the message, and one message per field for a
// ValidationError. One selection that a form's mutation spreads (aliased, as the result is a
// union: `...formProblem_error @alias(as: "problem")`), instead of the same lines in every one.
const fragment = graphql`
  fragment formProblem_error on Error @inline {
    message
    ... on ValidationError {
      fieldErrors {
        field
        message
      }
    }
  }
`;

export type FormProblem = { message: string | null; fieldErrors: readonly { field: string; message: string }[] };

/** The problem a mutation's result carries, or null when it succeeded. */
export function readFormProblem(ref: formProblem_error$key | null | undefined): FormProblem | null {
  if (!ref) return null;
  const data = readInlineData(fragment, ref);
  return { message: data.message ?? null, fieldErrors: data.fieldErrors ?? [] };
}
