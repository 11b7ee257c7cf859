import { useEffect, useState } from "preact/hooks";

/**
 * False for the first render, true after: values restored from localStorage (the cart) are
 * shown only after hydration, so the first client render matches the server HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
