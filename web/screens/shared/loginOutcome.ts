import { graphql, readInlineData } from 'react-relay';
import type { loginOutcome_session$key } from '../../__generated__/loginOutcome_session.graphql.ts';

/**
 * What follows a right password, read from a login's answer (the user and administrator logins
 * spread this fragment): a two-factor challenge to answer with a code, or a session, which an
 * administrator who must enrol first uses on the profile's two-factor panel.
 */
export function loginOutcome(key: loginOutcome_session$key | null | undefined): { challenge: string | null; mustEnrol: boolean } {
  const data = readInlineData(
    graphql`
      fragment loginOutcome_session on SessionPayload @inline {
        twoFactorRequired
        challenge
        twoFactorEnrolmentRequired
      }
    `,
    key,
  );
  return { challenge: data?.twoFactorRequired ? (data.challenge ?? null) : null, mustEnrol: data?.twoFactorEnrolmentRequired ?? false };
}
