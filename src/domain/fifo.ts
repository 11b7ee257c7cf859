/**
 * A first-in first-out queue whose `shift` moves nothing: a launch queues a thousand waiters, and
 * `Array.prototype.shift` moved the rest of them for each one taken.
 */
export class Fifo<T> {
  #items: T[] = [];
  #head = 0;

  push(item: T): void {
    this.#items.push(item);
  }

  /** The oldest item, left in the queue. */
  peek(): T | undefined {
    return this.#items[this.#head];
  }

  /** The oldest item, taken out. */
  shift(): T | undefined {
    if (this.#head === this.#items.length) return undefined;
    const item = this.#items[this.#head++];
    if (this.#head === this.#items.length) {
      this.#items.length = 0;
      this.#head = 0;
    }
    return item;
  }
}
