import { readFileSync } from 'node:fs';
import { persistedOperation } from './persisted-operations.ts';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { runsCompiled } from './compiled-execution.ts';

// Which operations run compiled (graphql-jit): the market's public lists, which the floor, browse and
// the landing page ask, and nothing that plans relations beneath a row or subscribes.

/** The text of a query the web app sends: its persisted id in Relay's artifact, its text by that id. */
const webQuery = (name: string) => persistedOperation(readFileSync(`web/__generated__/${name}.graphql.ts`, 'utf8').match(/"id": "(\w+)"/)![1]!)!;

describe('runsCompiled', () => {
  it("runs the market's list pages of the web app compiled", () => {
    for (const name of ['TradingFloorQuery', 'MarketContractsQuery', 'BrowseQuery', 'ContractSearchResultsQuery']) {
      expect([name, runsCompiled(parse(webQuery(name)))]).toEqual([name, true]);
    }
  });

  it('runs everything else through graphql-js', () => {
    for (const name of ['ContractDetailQuery', 'MyDataQuery', 'DashboardQuery', 'AppShellQuery']) {
      expect([name, runsCompiled(parse(webQuery(name)))]).toEqual([name, false]);
    }
    expect(runsCompiled(parse('{ contracts { totalCount } viewer { id } }'))).toBe(false);
    expect(runsCompiled(parse('mutation { logout }'))).toBe(false);
    expect(runsCompiled(parse('subscription { marketStatsChanged { activeUsers } }'))).toBe(false);
    expect(runsCompiled(parse('query A { contracts { totalCount } } query B { viewer { id } }'), 'B')).toBe(false);
    expect(runsCompiled(parse('query A { contracts { totalCount } } query B { viewer { id } }'), 'A')).toBe(true);
    expect(runsCompiled(parse('{ ...Q } fragment Q on Query { contracts { totalCount } viewer { id } }'))).toBe(false);
  });
});
