import { StoreBusyError } from "../domain/errors.ts";
import { conflict, done, retryOnConflict } from "./atomic.ts";

/**
 * What a step decided: `writes` when it staged writes in the operation (its value holds once
 * they are committed), else a value that holds as it is (the order existed, the checkout is
 * unknown).
 */
export interface Staged<T> {
  writes: boolean;
  value: T;
}

/** One order step: stages its reads' outcome in `op`, reading through it (`readThrough`). */
export type OrderStep<T> = (op: Deno.AtomicOperation) => Promise<Staged<T>>;

interface Waiting {
  /** Steps of one key (a payment) never share an operation: each would miss the other's order. */
  key: string;
  /** Whether it may share an operation with others. */
  joinable: boolean;
  step: OrderStep<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * Steps staged in one operation at most: an order checks about 4 keys of its own and 8 it
 * shares with the others (checked once); the KV takes 100 checks and 1,000 writes a commit.
 */
const MAX_TOGETHER = 16;

/**
 * The order steps of one instance. Every order takes the next number from one checked counter
 * and moves the day's figures, so order commits go one at a time instead of failing against
 * each other. Steps that wait meanwhile are staged together in one operation and go in one
 * commit: each reads what the ones before it wrote (the counter, the figures, the invoice
 * number, through `readThrough`), so the commit is the same as theirs one after the other. A
 * launch's 400 orders were 400 turns of a counter read, the figures' read and a commit each
 * (each about 6 ms behind the crowd's other work): most of the order step's time.
 *
 * Meaning is kept: when the combined commit fails (another instance moved the counter, a
 * checkout changed) or a step throws, each of its steps runs again alone, read afresh, as
 * without grouping; a step that is not `joinable` always runs alone.
 */
export function createOrderSteps(kv: Deno.Kv) {
  const queue: Waiting[] = [];
  let running = false;

  async function alone(w: Waiting): Promise<void> {
    try {
      w.resolve(
        await retryOnConflict(async () => {
          const op = kv.atomic();
          const staged = await w.step(op);
          if (!staged.writes) return done(staged.value);
          return (await op.commit()).ok ? done(staged.value) : conflict;
        }),
      );
    } catch (err) {
      w.reject(err);
    }
  }

  async function together(group: Waiting[]): Promise<void> {
    const op = kv.atomic();
    const staged: [Waiting, unknown][] = [];
    let next = 0;
    try {
      for (; next < group.length; next++) {
        const w = group[next];
        const outcome = await w.step(op);
        if (outcome.writes) staged.push([w, outcome.value]);
        else w.resolve(outcome.value);
      }
      if (!staged.length || (await op.commit()).ok) {
        for (const [w, value] of staged) w.resolve(value);
        return;
      }
    } catch (err) {
      // A busy store is as busy for each alone: all are told at once, as the group commit does.
      if (err instanceof StoreBusyError) {
        for (const w of [...staged.map(([s]) => s), ...group.slice(next)]) w.reject(err);
        return;
      }
      // A step that throws (or a commit over the KV's limits) is told so by its own run below.
    }
    for (const w of [...staged.map(([s]) => s), ...group.slice(next)]) await alone(w);
  }

  /** The oldest waiting step, and the joinable ones after it of other keys. */
  function nextGroup(): Waiting[] {
    const first = queue.shift()!;
    if (!first.joinable) return [first];
    const group = [first];
    const keys = new Set([first.key]);
    for (let i = 0; i < queue.length && group.length < MAX_TOGETHER;) {
      const w = queue[i];
      if (w.joinable && !keys.has(w.key)) {
        group.push(...queue.splice(i, 1));
        keys.add(w.key);
      } else i++;
    }
    return group;
  }

  async function run() {
    running = true;
    try {
      while (queue.length) {
        const group = nextGroup();
        await (group.length === 1 ? alone(group[0]) : together(group));
      }
    } finally {
      running = false;
    }
  }

  return {
    /** Runs `step` in its turn, with the steps waiting beside it when it is `joinable`. */
    run<T>(key: string, joinable: boolean, step: OrderStep<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({
          key,
          joinable,
          step,
          resolve: resolve as (value: unknown) => void,
          reject,
        });
        if (!running) run();
      });
    },
  };
}
