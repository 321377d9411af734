import { createHash } from 'node:crypto';

// Named (prepared) statements on PostgreSQL (docs/decisions.md "Issue 28: fewer statements and no
// re-planning for the logged-in reads").
// An unnamed statement is parsed and planned on every execution; a named one is parsed once per
// connection, and after five executions PostgreSQL keeps a generic plan when it costs no more than
// the custom ones. Planning was most of the database's time for the app's reads (the dashboard's
// summary: ~10 ms to plan, ~2 ms to run), and on a small machine the database shares the cores with
// the server.
//
// A connection keeps every statement it prepared until it closes, so the names are bounded: the
// app's statements are a finite set of shapes (Prisma's and the plain reads'), named the first
// NAMED_LIMIT distinct texts of the process; anything past that, or longer than MAX_NAMED_TEXT
// (an `IN` list of thousands), runs unnamed as before.

/** Distinct statement texts the process names (each connection prepares those it runs). */
export const NAMED_LIMIT = 2_000;
/** Longer texts run unnamed: a long text is a long list of parameters, seldom run twice. */
export const MAX_NAMED_TEXT = 16_384;

/**
 * Starts the text of a statement whose best plan depends on its values (the market's searches and
 * filters: a word in one contract or in every eighth, a price band of ten or of all): it runs
 * unnamed, planned for its values each time, as a generic plan could not be.
 */
export const PLANNED_EACH_TIME = '/* planned each time */ ';

/** A function naming statement texts (the same name for the same text), or undefined for unnamed. */
export type StatementNamer = (text: string) => string | undefined;

export function statementNamer(limit = NAMED_LIMIT, maxText = MAX_NAMED_TEXT): StatementNamer {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= limit || text.length > maxText || text.trimStart().startsWith(PLANNED_EACH_TIME)) return known;
    // The name is the text's digest: stable across connections and processes, and two texts never share one.
    const name = `s_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
    return name;
  };
}
