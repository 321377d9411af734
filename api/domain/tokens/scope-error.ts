import { PermissionError } from '../errors.ts';
import { insufficientScopeMessage, type Scope } from './tokens.rules.ts';

/** A token reaching past its scopes: 403 naming the scope it lacks (REST adds the RFC 6750 challenge). */
export class InsufficientScopeError extends PermissionError {
  constructor(readonly scope: Scope) {
    super(insufficientScopeMessage(scope), 'INSUFFICIENT_SCOPE');
  }
}
