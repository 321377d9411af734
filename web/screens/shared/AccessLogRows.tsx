import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { AccessLogRows_entries$key } from '../../__generated__/AccessLogRows_entries.graphql.ts';
import { formatBytes, formatDateTime } from '../../format/format.ts';

// The uses of a purchase's data as table rows, for the buyer's library (its own log) and the back
// office's dispute evidence (with the caller's address). Each place keeps its table's look.

export type AccessLogRowsProps = {
  entries: AccessLogRows_entries$key;
  /** the status column's head ('Status', 'HTTP') */
  statusHead: string;
  /** an IP column: spread the fragment with `@arguments(withIp: true)` */
  withIp?: boolean;
  /** how an outcome reads (a coloured word, a badge) */
  outcome: (outcome: string) => ReactNode;
};

/** The head and rows of an access log: time, action, bytes, outcome, HTTP status (and address). */
export function AccessLogRows({ entries, statusHead, withIp = false, outcome }: AccessLogRowsProps) {
  const rows = useFragment(
    graphql`
      fragment AccessLogRows_entries on AccessLogEntry
      @relay(plural: true)
      @argumentDefinitions(withIp: { type: "Boolean", defaultValue: false }) {
        time
        action
        bytes
        outcome
        statusCode
        ip @include(if: $withIp)
      }
    `,
    entries,
  );
  return (
    <>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Action</th>
          <th scope="col" className="num">
            Bytes
          </th>
          <th scope="col">Outcome</th>
          <th scope="col" className="num">
            {statusHead}
          </th>
          {withIp && <th scope="col">IP</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((e, i) => (
          <tr key={`${e.time}-${i}`} data-testid="access-log-row">
            <td>{formatDateTime(e.time)}</td>
            <td>{e.action}</td>
            <td className="num">{formatBytes(e.bytes)}</td>
            <td>{outcome(e.outcome)}</td>
            <td className="num">{e.statusCode}</td>
            {withIp && <td>{e.ip ?? '—'}</td>}
          </tr>
        ))}
      </tbody>
    </>
  );
}
