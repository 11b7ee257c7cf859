import { useLayoutEffect, useReducer } from "preact/hooks";
import type { Store } from "../browser/state/store.ts";

/** The store's value, the component rendering again whenever it changes. */
export function useStore<T>(store: Store<T>): T {
  const [, update] = useReducer((n: number) => n + 1, 0);
  const value = store.value;
  useLayoutEffect(() => {
    // A change between this render and the subscription is not missed.
    if (!Object.is(store.value, value)) update(0);
    return store.subscribe(() => update(0));
  }, [store]);
  return value;
}
