import { StoreBusyError } from "../domain/errors.ts";
import { conflict, done, retryOnConflict } from "./atomic.ts";
import { GroupedAtomic } from "./group-commit.ts";

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

/** A group whose commit is under way. */
interface Committing {
  /** Null on a KV without grouped operations (nothing is staged on it then). */
  op: GroupedAtomic | null;
  /** The keys of its steps: a step of one of them waits for its end. */
  keys: Set<string>;
  /** Its commit's versionstamp once every step has its answer, or null when it did not land. */
  done: Promise<string | null>;
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
 * While a group commits, the next is staged on top of its writes (`GroupedAtomic.after`): the
 * thread stages orders while the KV writes the ones before (one after the other, a launch's
 * orders left each idle half the time). It commits once that one has, checking what it read
 * of it against that commit's versionstamp; a step of a payment under way waits for its end.
 *
 * Meaning is kept: when the combined commit fails (another instance moved the counter, a
 * checkout changed) or a step throws, each of its steps runs again alone, read afresh, as
 * without grouping, and the group staged on top of it is staged again; a step that is not
 * `joinable` always runs alone, after the commit under way.
 */
export function createOrderSteps(kv: Deno.Kv) {
  const queue: Waiting[] = [];
  let running = false;
  /** Wakes the run waiting for a commit under way when a step comes meanwhile. */
  let arrived: (() => void) | undefined;

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

  /**
   * Stages `group` in one operation, on top of `base` (the group whose commit is under way)
   * when there is one, then commits it once `base` has: the commit under way, or `base` still
   * when nothing was staged. A base that did not land leaves this group's staged steps queued
   * first again, to be staged afresh.
   */
  async function together(group: Waiting[], base?: Committing): Promise<Committing | undefined> {
    const op = kv.atomic();
    const grouped = op instanceof GroupedAtomic ? op : null;
    // On a KV without grouped operations nothing is read through a commit under way: after it.
    const onto = grouped && base?.op ? base.op : null;
    if (onto) grouped!.after(onto);
    else await base?.done;
    const staged: [Waiting, unknown][] = [];
    /** Steps that write nothing: answered once what they read through `base` has landed. */
    const unwritten: [Waiting, unknown][] = [];
    let next = 0;
    let failure: { err: unknown } | undefined;
    try {
      for (; next < group.length; next++) {
        const w = group[next];
        const outcome = await w.step(op);
        (outcome.writes ? staged : unwritten).push([w, outcome.value]);
      }
    } catch (err) {
      failure = { err };
    }
    if (onto) {
      const versionstamp = await base!.done;
      if (versionstamp === null) {
        queue.unshift(...group);
        return undefined;
      }
      grouped!.baseCommitted(versionstamp);
    }
    for (const [w, value] of unwritten) w.resolve(value);
    if (failure) {
      const left = [...staged.map(([s]) => s), ...group.slice(next)];
      // A busy store is as busy for each alone: all are told at once, as the group commit does.
      if (failure.err instanceof StoreBusyError) {
        for (const w of left) w.reject(failure.err);
      } else {
        // A step that throws is told so by its own run.
        for (const w of left) await alone(w);
      }
      return undefined;
    }
    if (!staged.length) return undefined;
    const waiting = staged.map(([w]) => w);
    const done = op.commit().then(
      async (result) => {
        if (result.ok) {
          for (const [w, value] of staged) w.resolve(value);
          return result.versionstamp;
        }
        for (const w of waiting) await alone(w);
        return null;
      },
      async (err) => {
        if (err instanceof StoreBusyError) {
          for (const w of waiting) w.reject(err);
        } else {
          // A commit over the KV's limits: each step is told by its own run.
          for (const w of waiting) await alone(w);
        }
        return null;
      },
    );
    return { op: grouped, keys: new Set(waiting.map((w) => w.key)), done };
  }

  /**
   * The next steps to stage: the oldest waiting one whose key has no commit under way, and the
   * joinable ones after it of other keys (none of whose keys are under way either).
   */
  function nextGroup(busy?: Set<string>): Waiting[] {
    const free = (w: Waiting) => !busy?.has(w.key);
    const at = queue.findIndex(free);
    if (at < 0) return [];
    const first = queue.splice(at, 1)[0];
    if (!first.joinable) return [first];
    const group = [first];
    const keys = new Set([first.key]);
    for (let i = at; i < queue.length && group.length < MAX_TOGETHER;) {
      const w = queue[i];
      if (w.joinable && !keys.has(w.key) && free(w)) {
        group.push(...queue.splice(i, 1));
        keys.add(w.key);
      } else i++;
    }
    return group;
  }

  async function run() {
    running = true;
    /** The group whose commit is under way. */
    let committing: Committing | undefined;
    try {
      while (queue.length || committing) {
        const group = nextGroup(committing?.keys);
        if (!group.length) {
          // Every step waiting (if any) is of a payment under way: until that lands, or another
          // step comes.
          const under = committing!;
          const landed = await Promise.race([
            under.done.then(() => true),
            new Promise<false>((r) => arrived = () => r(false)),
          ]);
          arrived = undefined;
          if (landed) committing = undefined;
        } else if (!group[0].joinable) {
          await committing?.done;
          committing = undefined;
          await alone(group[0]);
        } else committing = await together(group, committing);
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
        else arrived?.();
      });
    },
  };
}
