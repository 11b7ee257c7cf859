/**
 * A value that tells its subscribers when it is replaced: the page's shared state (cart, open
 * dialogs, toasts), read by plain scripts and by Preact islands alike (through useStore). A few
 * lines instead of a signals library, which would put 3 KB on every page for a cart badge.
 */
export class Store<T> {
  #value: T;
  #listeners = new Set<(value: T) => void>();

  constructor(value: T) {
    this.#value = value;
  }

  get value(): T {
    return this.#value;
  }

  /** Replaces the value; the subscribers run (in order) only when it is a different one. */
  set value(value: T) {
    if (Object.is(value, this.#value)) return;
    this.#value = value;
    for (const listener of [...this.#listeners]) listener(value);
  }

  /** Calls `listener` after every change; returns the function that stops it. */
  subscribe(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
