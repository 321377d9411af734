import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { schema } from './schema.ts';
import { refusalOf, ROOT_FIELD_SCOPES, VIEWER_FIELD_SCOPES } from './token-scopes.ts';
import { SCOPES } from '../domain/tokens/tokens.rules.ts';

// Fail-closed tokens (docs/decisions.md "Issue 27: API tokens"): a root field added without a
// decision of what a token needs for it fails here, not in production.
describe('API token scopes', () => {
  it('classifies every root field of Query, Mutation and Subscription, and nothing else', () => {
    const fields = ['Query', 'Mutation', 'Subscription'].flatMap((type) => Object.keys(schema.getType(type) && 'getFields' in schema.getType(type)! ? (schema.getType(type) as any).getFields() : {}).map((f) => `${type}.${f}`));
    expect(fields.filter((f) => !(f in ROOT_FIELD_SCOPES))).toEqual([]);
    expect(Object.keys(ROOT_FIELD_SCOPES).filter((f) => !fields.includes(f))).toEqual([]);
  });

  it('classifies every field of the viewer (User), and nothing else', () => {
    const fields = Object.keys((schema.getType('User') as any).getFields());
    expect(fields.filter((f) => !(f in VIEWER_FIELD_SCOPES))).toEqual([]);
    expect(Object.keys(VIEWER_FIELD_SCOPES).filter((f) => f !== '__typename' && !fields.includes(f))).toEqual([]);
  });

  it('names the missing scope, through fragments too; credentials and unknown fields are session-only', () => {
    const only = (...s: string[]) => new Set(s as never[]);
    expect(refusalOf(schema, parse('{ contracts(first: 1) { totalCount } }'), null, only('market:read'))).toBeNull();
    expect(refusalOf(schema, parse('{ contracts(first: 1) { totalCount } }'), null, only('trade'))).toEqual({ scope: 'market:read' });
    expect(refusalOf(schema, parse('query Q { ...F } fragment F on Query { viewer { ... on User { purchases(first: 1) { totalCount } } } }'), 'Q', only('market:read'))).toEqual({ scope: 'data:read' });
    expect(refusalOf(schema, parse('{ viewer { id name } }'), null, only())).toBeNull();
    expect(refusalOf(schema, parse('{ viewer { apiTokens { name } } }'), null, only(...SCOPES))).toEqual({ sessionOnly: true, field: 'User.apiTokens' });
    expect(refusalOf(schema, parse('mutation { changePassword(input: { currentPassword: "a", newPassword: "b", confirmPassword: "b" }) { __typename } }'), null, only(...SCOPES))).toMatchObject({ sessionOnly: true });
    expect(refusalOf(schema, parse('{ __schema { queryType { name } } }'), null, only())).toBeNull();
    // a person's own fields through any User that is them: a contract's provider, through fragments
    expect(refusalOf(schema, parse('{ contract(id: "c") { provider { name rating } } }'), null, only('market:read'))).toBeNull();
    expect(refusalOf(schema, parse('{ contract(id: "c") { provider { email } } }'), null, only('market:read'))).toEqual({ scope: 'account:read' });
    expect(refusalOf(schema, parse('query { contract(id: "c") { ...P } } fragment P on Contract { provider { purchases(first: 1) { totalCount } } }'), null, only('market:read'))).toEqual({ scope: 'data:read' });
    // a mutation's answer is read back within the mutation's scope
    expect(refusalOf(schema, parse('mutation { updateProfile(input: { name: "n" }) { ... on MutationUpdateProfileSuccess { data { email } } } }'), null, only('account:write'))).toBeNull();
  });
});
