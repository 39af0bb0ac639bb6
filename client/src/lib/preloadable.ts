import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<T> = { default: T };

export type Preloadable<P extends object> = {
  /** Starts loading the module (once; a failed load may be tried again). */
  preload: () => Promise<Module<ComponentType<P>>>;
  /** The module's component, rendered as soon as the module is in. */
  Component: LazyExoticComponent<ComponentType<P>>;
};

/**
 * A screen loaded on demand that can be fetched ahead of its first render (e.g. while someone
 * types their password). `React.lazy` alone suspends on every first render, even of a module
 * already loaded: the nearest boundary shows its fallback, and React holds back the content that
 * replaces a fallback for up to 300 ms so spinners do not flash. Once the module is in, this one
 * hands it over synchronously (a thenable already resolved), so the screen renders in the same
 * pass as its parent.
 */
export function preloadable<P extends object>(load: () => Promise<Module<ComponentType<P>>>): Preloadable<P> {
  type T = ComponentType<P>;
  let loaded: Module<T> | undefined;
  let loading: Promise<Module<T>> | undefined;
  const preload = (): Promise<Module<T>> => {
    loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const resolved = (module: Module<T>) => ({ then: (onFulfilled: (value: Module<T>) => unknown) => onFulfilled(module) }) as unknown as Promise<Module<T>>;
  const Component = lazy(() => (loaded ? resolved(loaded) : preload()));
  return { preload, Component };
}
