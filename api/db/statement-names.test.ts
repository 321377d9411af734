import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANNED_EACH_TIME, statementNamer } from './statement-names.ts';
import { openDatabase, type Database } from './database.ts';
import { Prisma } from './generated/prisma/client.ts';
import { scratchPostgresDatabase } from '../test/databases.ts';
import { findContractCards } from '../domain/market/contract-cards.ts';

describe('statement names', () => {
  it('names the same text the same way, and two texts two ways', () => {
    const a = statementNamer();
    const b = statementNamer();
    const text = 'SELECT id FROM "User" WHERE id = $1';
    expect(a(text)).toMatch(/^s_[\w-]{27}$/);
    expect(a(text)).toBe(a(text));
    expect(b(text)).toBe(a(text));
    expect(a('SELECT 1')).not.toBe(a(text));
  });

  it('leaves texts past the limit, and long texts, unnamed (a connection keeps what it prepared)', () => {
    const name = statementNamer(2, 100);
    expect(name('SELECT 1')).toBeDefined();
    expect(name('SELECT 2')).toBeDefined();
    expect(name('SELECT 3')).toBeUndefined();
    expect(name('SELECT 1')).toBeDefined();
    expect(statementNamer(10, 100)(`SELECT 1 WHERE 1 IN (${'1,'.repeat(60)}1)`)).toBeUndefined();
  });
});

// On PostgreSQL, Prisma's statements and the plain reads are prepared once per connection.
describe.runIf(process.env.TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgresDatabase>>;
  let database: Database;
  beforeAll(async () => {
    scratch = await scratchPostgresDatabase();
    database = await openDatabase({ url: scratch.url, poolMax: 1 });
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('prepares a statement once and runs it again by name, for Prisma and for plain reads', async () => {
    const prepared = async () =>
      (await database.sql.query<{ statement: string }>(Prisma.sql`SELECT statement FROM pg_prepared_statements WHERE name LIKE 's\_%'`)).map((r) => r.statement);
    for (let i = 0; i < 3; i++) {
      expect(await database.prisma.user.findMany({ where: { email: `nobody-${i}@example.com` } })).toEqual([]);
      expect(await database.sql.query(Prisma.sql`SELECT ${i}::int AS n`)).toEqual([{ n: i }]);
    }
    const statements = await prepared();
    expect(statements.filter((s) => s.includes('"User"'))).toHaveLength(1);
    expect(statements.filter((s) => s.includes('$1::int AS n'))).toHaveLength(1);
  });

  it("leaves the market's searches unnamed: their plans depend on the words and filters", async () => {
    for (const search of ['rates', 'weather', 'equities']) {
      expect((await findContractCards(database.sql, { filter: { search }, sort: 'relevant', offset: 0, limit: 5 })).cards).toEqual([]);
    }
    const statements = (await database.sql.query<{ statement: string }>(Prisma.sql`SELECT statement FROM pg_prepared_statements`)).map((r) => r.statement);
    expect(statements.some((s) => s.includes('pg_prepared_statements'))).toBe(true);
    expect(statements.filter((s) => s.includes('"Contract"'))).toEqual([]);
  });
});

describe('statements planned each time', () => {
  it('runs a text that starts with the mark unnamed, leading space or not', () => {
    const name = statementNamer();
    expect(name(`${PLANNED_EACH_TIME}SELECT 1`)).toBeUndefined();
    expect(name(`\n    ${PLANNED_EACH_TIME}SELECT 1`)).toBeUndefined();
  });
});
