import { Component, type ErrorInfo, type ReactNode } from 'react';

export type ErrorBoundaryProps = {
  children: ReactNode;
  /** what to show instead of the children; `retry` clears the error and renders them again */
  fallback: (props: { error: Error; retry: () => void }) => ReactNode;
  /** the error is cleared when any of these change (a new route, a new query reference) */
  resetKeys?: readonly unknown[];
  /** called by `retry` before the children render again (e.g. to load the query again) */
  onRetry?: () => void;
};

type State = { error: Error | null; keys: readonly unknown[] | undefined };

function changed(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined) {
  if (a === b) return false;
  if (!a || !b || a.length !== b.length) return true;
  return a.some((v, i) => !Object.is(v, b[i]));
}

/** Catches render errors (a failed query, a failed lazy import) below it and shows `fallback`. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  state: State = { error: null, keys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    if (changed(props.resetKeys, state.keys)) return { keys: props.resetKeys, error: null };
    return null;
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    // Shown on the page; keep the details for whoever opens the console.
    console.warn('[ErrorBoundary]', error, info.componentStack);
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  render() {
    const { error } = this.state;
    if (error) return this.props.fallback({ error, retry: this.retry });
    return this.props.children;
  }
}
