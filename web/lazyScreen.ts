import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LoaderFunction } from 'react-router-dom';

// Route-level code splitting (docs/performance.md, "Web delivery"): neither a screen's code nor its
// query module is in the main bundle. A route's `lazy.loader` fetches the small query module and,
// at the same moment, the screen's code; the query starts as soon as its module is in, so the data
// and the rest of the code load in parallel (data still loads at the route, not during render).

export type LazyScreen = {
  /** the screen, rendered under its route's Suspense boundary */
  Screen: LazyExoticComponent<ComponentType>;
  /** starts fetching the screen's code (the browser fetches each module once) */
  load: () => Promise<unknown>;
};

/** A screen split out of the main bundle: `load` imports the module, `Screen` renders its export `name`. */
export function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyScreen {
  return { Screen: lazy(() => load().then((module) => ({ default: module[name] }))), load };
}

/**
 * A route's `lazy.loader`: the loader `pick` takes from the query module `loadModule` imports, while
 * the screen's code is fetched alongside. A screen that fails to load fails again when it renders,
 * where its route boundary shows the error with a Retry.
 */
export function lazyLoader<M>(screen: LazyScreen, loadModule: () => Promise<M>, pick: (module: M) => LoaderFunction): () => Promise<LoaderFunction> {
  return async () => {
    screen.load().catch(() => undefined);
    return pick(await loadModule());
  };
}
