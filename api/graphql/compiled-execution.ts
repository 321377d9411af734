import { getOperationAST, Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';
import { useGraphQlJit } from '@envelop/graphql-jit';

// Compiled execution (graphql-jit) for the market's public lists only. A floor page resolves
// ~600 fields, and graphql-jit's compiled plan costs about a third less CPU than graphql-js's walk
// (docs/performance.md). Elsewhere it costs more than it saves: Pothos finds a relation's rows
// through the execution's path objects, which graphql-jit builds anew, so nested relations under
// a row-scoped plan load again (the contract page 9 -> 11 statements, the data library 8 -> 16),
// and subscriptions' subscribe resolvers get the operation's variables in place of the field's
// arguments (docs/decisions.md "Compiled execution for the market's lists").

/** Root fields whose operations run compiled: their lists plan their rows at the root. */
export const COMPILED_ROOT_FIELDS: ReadonlySet<string> = new Set(['contracts', 'categories', 'marketStats', '__typename']);

const decided = new WeakMap<DocumentNode, Map<string, boolean>>();

/** Whether the operation is a query that asks only COMPILED_ROOT_FIELDS (memoized per parsed document). */
export function runsCompiled(document: DocumentNode, operationName?: string | null): boolean {
  let byName = decided.get(document);
  if (!byName) decided.set(document, (byName = new Map()));
  let compiled = byName.get(operationName ?? '');
  if (compiled === undefined) {
    const operation = getOperationAST(document, operationName);
    const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
    compiled = operation?.operation === 'query' && onlyCompiledFields(operation.selectionSet, fragments, new Set());
    byName.set(operationName ?? '', compiled);
  }
  return compiled;
}

/** Whether a root selection asks only COMPILED_ROOT_FIELDS, through fragments (the browse page spreads one). */
function onlyCompiledFields(set: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): boolean {
  return (set?.selections ?? []).every((s) => {
    if (s.kind === Kind.FIELD) return COMPILED_ROOT_FIELDS.has(s.name.value);
    if (s.kind === Kind.INLINE_FRAGMENT) return onlyCompiledFields(s.selectionSet, fragments, seen);
    if (seen.has(s.name.value)) return true;
    seen.add(s.name.value);
    return onlyCompiledFields(fragments.get(s.name.value)?.selectionSet, fragments, seen);
  });
}

/** The Yoga plugin: before the response cache, so a hit still skips execution. */
export const useCompiledMarketReads = () => useGraphQlJit({}, { enableIf: (args) => runsCompiled(args.document, args.operationName) });
