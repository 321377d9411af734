// Read by relay-compiler and babel-plugin-relay. package.json is "type": "module", so require()
// returns the ESM namespace: named exports only (a default export makes the compiler panic).
export const src = './web';
export const schema = './schema.graphql';
export const language = 'typescript';
export const artifactDirectory = './web/__generated__';
export const eagerEsModules = true;
export const useImportTypeSyntax = true;
export const excludes = ['**/node_modules/**', '**/__mocks__/**', '**/__generated__/**'];
