import { useEffect, useRef, useState } from "preact/hooks";
import { errorSentence } from "./errors.ts";

export interface Resource<T> {
  data: T;
  /** Replaces the data in place (after an action changed one item). */
  setData: (next: T | ((prev: T) => T)) => void;
  /** Why the last load failed, as a sentence for staff; "" when it did not. */
  error: string;
  loading: boolean;
  /** Loads again; answers whether it worked (the error stays shown when not). */
  reload: () => Promise<boolean>;
}

/**
 * Data a screen shows: the server's first answer, then loaded again in place after an action
 * (never a page reload: other rows keep their unsaved edits), with a failure stated in the
 * spec's words and a retry. With `pollMs`, it loads again on that period while `poll(data)`.
 */
export function useResource<T>(
  initial: T,
  load: () => Promise<T>,
  fallback: string,
  options: { pollMs?: number; poll?: (data: T) => boolean } = {},
): Resource<T> {
  const [data, setData] = useState(initial);
  const [error, setError] = useState("");
  const [loading, setLoading] = useState(false);
  const loader = useRef(load);
  loader.current = load;

  async function reload() {
    setLoading(true);
    try {
      setData(await loader.current());
      setError("");
      return true;
    } catch (err) {
      setError(errorSentence(err, fallback));
      return false;
    } finally {
      setLoading(false);
    }
  }

  const polling = options.pollMs !== undefined && (options.poll?.(data) ?? true);
  useEffect(() => {
    if (!polling || loading) return;
    const timer = setTimeout(reload, options.pollMs);
    return () => clearTimeout(timer);
  }, [polling, loading]);

  return { data, setData, error, loading, reload };
}
