import { GraphQLError, Kind, type ASTNode, type ValidationContext, type ValidationRule } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { documentNesting, MAX_DOCUMENT_NESTING, MAX_REQUEST_JSON_DEPTH, tooDeep } from './request-limits.ts';

/**
 * graphql-armor's depth limit skips `__schema` entirely, so a 30-level introspection query ran.
 * Introspection gets its own, larger, limit here: GraphiQL's standard introspection query is 15
 * fields deep (fragments flattened), the ordinary limit of 12 would refuse it.
 */
export function introspectionDepthRule(max: number): ValidationRule {
  return (context: ValidationContext) => ({
    Field(node) {
      if (node.name.value !== '__schema' && node.name.value !== '__type') return;
      const depth = depthOf(context, node, new Set());
      if (depth > max) context.reportError(new GraphQLError(`Introspection depth limit of ${max} exceeded, found ${depth}.`, { nodes: [node] }));
      return false; // the subtree is counted; do not visit its fields again
    },
  });
}

// Fields counted, fragments flattened; a fragment already on the path counts nothing (cycles are
// reported by the standard NoFragmentCycles rule).
function depthOf(context: ValidationContext, node: ASTNode, path: Set<string>): number {
  const own = node.kind === Kind.FIELD ? 1 : 0;
  if (node.kind === Kind.FRAGMENT_SPREAD) {
    const name = node.name.value;
    const fragment = context.getFragment(name);
    if (!fragment || path.has(name)) return 0;
    path.add(name);
    const depth = depthOf(context, fragment, path);
    path.delete(name);
    return depth;
  }
  if (!('selectionSet' in node) || !node.selectionSet) return own;
  let deepest = 0;
  for (const child of node.selectionSet.selections) deepest = Math.max(deepest, depthOf(context, child, path));
  return own + deepest;
}

export function introspectionDepthLimit(max: number): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(introspectionDepthRule(max));
    },
  };
}

/**
 * The shape limits of api/http/request-limits.ts for GraphQL: a document nested too deeply is
 * refused before it is parsed (the parser and the validation rules recurse; over HTTP and
 * WebSocket alike, both parse through here), and HTTP variables before they are coerced.
 * (graphql-ws variables are held by the JSON scalar's own check, api/graphql/scalars.ts.)
 */
export function requestShapeLimits(): Plugin {
  const refuse = (message: string) => createGraphQLError(message, { extensions: { http: { status: 400 }, code: 'BAD_REQUEST' } });
  return {
    onParams({ params }) {
      if (tooDeep(params.variables) || tooDeep(params.extensions)) throw refuse(`GraphQL variables are nested deeper than ${MAX_REQUEST_JSON_DEPTH} levels`);
    },
    onParse({ params }) {
      const source = typeof params.source === 'string' ? params.source : params.source.body;
      if (documentNesting(source, MAX_DOCUMENT_NESTING) > MAX_DOCUMENT_NESTING) throw refuse(`The GraphQL document is nested deeper than ${MAX_DOCUMENT_NESTING} levels`);
    },
  };
}
