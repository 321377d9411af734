// GraphQL requests: every query and mutation of the live schema, with hostile variables and bodies.
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import type { Rng } from './random.ts';
import type { FuzzWorld } from './world.ts';
import { DEEP_GRAPHQL_BODIES, HOSTILE_NUMBERS, hostileString, hostileValue } from './hostile.ts';
import { safeEncode } from './rest.ts';
import type { FuzzRequest } from './run.ts';

export interface GqlField {
  operation: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
}

/** Every query and mutation field of the live schema (subscriptions need a stream; not over plain HTTP). */
export function graphqlFields(schema: GraphQLSchema): GqlField[] {
  const out: GqlField[] = [];
  for (const field of Object.values(schema.getQueryType()?.getFields() ?? {})) out.push({ operation: 'query', field });
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) out.push({ operation: 'mutation', field });
  return out;
}

const ARG_PAGE = new Set(['first', 'last', 'after', 'before']);

/** A selection of the leaf fields of a type, two levels deep, with every union member's leaves. */
function selectionOf(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (isScalarType(named) || isEnumType(named)) return '';
  if (depth > 2) return '{ __typename }';
  const parts = ['__typename'];
  if (isUnionType(named)) {
    for (const member of named.getTypes()) parts.push(`... on ${member.name} ${selectionOf(member, depth + 1)}`);
    return `{ ${parts.join(' ')} }`;
  }
  if (isObjectType(named) || isInterfaceType(named)) {
    for (const f of Object.values(named.getFields())) {
      if (f.args.some((a) => isNonNullType(a.type))) continue;
      const sub = selectionOf(f.type, depth + 1);
      const leaf = isScalarType(getNamedType(f.type)) || isEnumType(getNamedType(f.type));
      if (leaf) parts.push(f.name);
      else if (depth < 2) parts.push(`${f.name} ${sub}`);
    }
  }
  return `{ ${parts.join(' ')} }`;
}

function hostileInput(rng: Rng, world: FuzzWorld, type: GraphQLInputType, depth = 0): unknown {
  // Sometimes a value of the wrong type altogether.
  if (rng.chance(0.08)) return hostileValue(rng, world);
  const nullable = !isNonNullType(type);
  if (nullable && rng.chance(0.15)) return null;
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) {
    const n = rng.chance(0.05) ? 2000 : rng.int(4);
    return Array.from({ length: n }, () => hostileInput(rng, world, inner.ofType as GraphQLInputType, depth + 1));
  }
  if (isEnumType(inner)) return rng.chance(0.8) ? rng.pick(inner.getValues()).name : hostileString(rng, world);
  if (isInputObjectType(inner)) {
    const obj: Record<string, unknown> = {};
    for (const f of Object.values(inner.getFields())) {
      if (!isNonNullType(f.type) && rng.chance(0.4)) continue;
      if (isNonNullType(f.type) && rng.chance(0.03)) continue;
      obj[f.name] = depth > 4 ? null : hostileInput(rng, world, f.type, depth + 1);
    }
    if (rng.chance(0.05)) obj[hostileString(rng, world).slice(0, 30) || 'extra'] = 1;
    return obj;
  }
  switch ((inner as { name: string }).name) {
    case 'Int':
      return rng.chance(0.8) ? rng.pick([0, -1, 1, 5, 100, 101, 2 ** 31 - 1, -(2 ** 31)]) : rng.pick(HOSTILE_NUMBERS);
    case 'Float':
      return rng.pick(HOSTILE_NUMBERS);
    case 'Boolean':
      return rng.chance(0.8) ? rng.chance(0.5) : hostileValue(rng, world);
    case 'DateTime':
      return rng.pick(['2026-01-01T00:00:00Z', '0000-00-00', '9999-99-99T99:99:99Z', '-271821-04-20T00:00:00Z', hostileString(rng, world)]);
    case 'Decimal':
      return rng.pick(['1.00', '0', '-1', '1e309', '12.345', '99999999999999999999.99', 'NaN', hostileString(rng, world)]);
    case 'JSON':
      return hostileValue(rng, world);
    default:
      return hostileString(rng, world);
  }
}

export function graphqlRequest(rng: Rng, world: FuzzWorld, schema: GraphQLSchema, target: GqlField): Omit<FuzzRequest, 'index' | 'role' | 'ip'> {
  const { field, operation } = target;
  const varDefs: string[] = [];
  const args: string[] = [];
  const variables: Record<string, unknown> = {};
  for (const arg of field.args) {
    if (!isNonNullType(arg.type) && rng.chance(ARG_PAGE.has(arg.name) ? 0.4 : 0.5)) continue;
    varDefs.push(`$${arg.name}: ${String(arg.type)}`);
    args.push(`${arg.name}: $${arg.name}`);
    variables[arg.name] = hostileInput(rng, world, arg.type);
  }
  const selection = selectionOf(field.type, 0);
  const document = `${operation} Fuzz${varDefs.length ? `(${varDefs.join(', ')})` : ''} { ${field.name}${args.length ? `(${args.join(', ')})` : ''} ${selection} }`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' };
  const r = rng.next();
  let body: string | undefined;
  let p = '/graphql';
  let method = 'POST';
  if (r < 0.82) body = JSON.stringify({ query: document, variables });
  else if (r < 0.86 && operation === 'query') {
    method = 'GET';
    p = `/graphql?query=${safeEncode(document)}&variables=${safeEncode(JSON.stringify(variables)).slice(0, 4000)}`;
    delete headers['content-type'];
  } else if (r < 0.9) body = JSON.stringify({ query: document, variables: rng.pick(['x', 1, [], null, '{"a":']) });
  else if (r < 0.93) body = JSON.stringify([{ query: document, variables }, { query: document }]);
  else if (r < 0.96) {
    body = rng.pick(['{', '{"query":', '{"query":1}', '{"query":"{ viewer { id } "}', '{"query":"query { __typename }","operationName":"Nope"}', `{"query":"${'{ a '.repeat(600)}"}`, '\u0000', '{"query":"\\u0000"}', ...DEEP_GRAPHQL_BODIES]);
  } else {
    body = JSON.stringify({ query: document, variables });
    headers['content-type'] = rng.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/graphql']);
  }
  void schema;
  return { method, path: p, headers, body, target: `${operation} ${field.name}` };
}
