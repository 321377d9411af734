// Read by relay-compiler and babel-plugin-relay. package.json is "type": "module", so require()
// returns the ESM namespace: named exports only (a default export makes the compiler panic).
export const src = './web';
export const schema = './schema.graphql';
export const language = 'typescript';
export const artifactDirectory = './web/__generated__';
export const eagerEsModules = true;
export const useImportTypeSyntax = true;
export const excludes = ['**/node_modules/**', '**/__mocks__/**', '**/__generated__/**'];
// Persisted queries (docs/decisions.md "Persisted queries"): the compiler writes every operation's
// text to this file under its SHA-256 id and leaves only the id in the artifacts; the web app
// sends the id, the server (api/graphql/persisted-operations.ts) looks the text up.
export const persistConfig = { file: './web/__generated__/persisted-queries.json', algorithm: 'SHA256' };
