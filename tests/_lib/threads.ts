/**
 * Where a process's time goes, thread by thread (Linux `/proc`, for the benches): each kind's
 * CPU and its time waiting for a CPU (run queue), in ms since the process began. Kinds: main
 * (the event loop), gc (V8's helpers), kv (the KV's workers, one per connection: `sw-`), http
 * (the runtime's I/O), other.
 */
export type ThreadTimes = Map<string, { cpu: number; wait: number }>;

function kindOf(pid: number, task: string, name: string): string {
  if (task === String(pid)) return "main";
  if (name.startsWith("V8")) return "gc";
  if (name.startsWith("sw-")) return "kv";
  if (name.startsWith("tokio")) return "http";
  return "other";
}

/** `pid`'s threads by kind; `as` puts the whole process under one kind instead. */
export function threadTimes(pid: number, as?: string): ThreadTimes {
  const out: ThreadTimes = new Map();
  for (const task of Deno.readDirSync(`/proc/${pid}/task`)) {
    try {
      const base = `/proc/${pid}/task/${task.name}`;
      const kind = as ?? kindOf(pid, task.name, Deno.readTextFileSync(`${base}/comm`).trim());
      // schedstat: nanoseconds on a CPU, nanoseconds waiting for one, timeslices.
      const [cpu, wait] = Deno.readTextFileSync(`${base}/schedstat`).split(" ").map(Number);
      const sum = out.get(kind) ?? { cpu: 0, wait: 0 };
      out.set(kind, { cpu: sum.cpu + cpu / 1e6, wait: sum.wait + wait / 1e6 });
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

/** The server's threads by kind, and this process (the client) as "client". */
export function serverAndClient(pid: number): ThreadTimes {
  const times = threadTimes(pid);
  for (const [kind, t] of threadTimes(Deno.pid, "client")) times.set(kind, t);
  return times;
}

/** `after` less `before`, kind by kind. */
export function timesSince(before: ThreadTimes, after: ThreadTimes): ThreadTimes {
  const out: ThreadTimes = new Map();
  for (const [kind, t] of after) {
    const b = before.get(kind) ?? { cpu: 0, wait: 0 };
    out.set(kind, { cpu: t.cpu - b.cpu, wait: t.wait - b.wait });
  }
  return out;
}

/**
 * Samples the server's threads and this client every `everyMs` until `stop()`, which answers one
 * line per sample: each kind's CPU and run-queue wait in that time, as % of one core ("main
 * 85/12": on a CPU 85% of the time, waiting for one 12%). A thread half idle with no wait is
 * waiting for something else (a commit, a read, the network).
 */
export function sampleThreads(pid: number, everyMs = 100) {
  const now = () => serverAndClient(pid);
  const lines: string[] = [];
  const started = performance.now();
  let last = now();
  let lastAt = started;
  const timer = setInterval(() => {
    const at = performance.now();
    const times = now();
    const share = (ms: number) => Math.round(ms / (at - lastAt) * 100);
    lines.push(
      `${((at - started) / 1000).toFixed(1).padStart(5)} s  ${
        [...timesSince(last, times)].filter(([, t]) => t.cpu + t.wait >= 1)
          .map(([kind, t]) => `${kind} ${share(t.cpu)}/${share(t.wait)}`).join("  ")
      }`,
    );
    last = times;
    lastAt = at;
  }, everyMs);
  return {
    stop(): string[] {
      clearInterval(timer);
      return lines;
    },
  };
}
