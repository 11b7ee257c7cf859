/** What every test server is started with: its address and the first superadmin (BOSS). */
const serverEnv = (port: number) => ({
  PORT: String(port),
  HOST: "127.0.0.1",
  PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
  ADMIN_EMAIL: "admin@example.com",
  ADMIN_PASSWORD: "correct horse battery",
});

/** Starts the built server (dist/server/entry.mjs) on a free port with a temporary KV. */
export interface RunningServer {
  url: string;
  port: number;
  /** The server process's id (its CPU time: `cpuMs`). */
  pid: number;
  /** Empty under the Deploy profile (the runtime's own KV). */
  kvPath: string;
  output: () => string;
  /** SIGTERM, then waits; resolves to the exit code. */
  stop: () => Promise<number>;
  /** SIGKILL (a crash: no shutdown code runs), then waits. */
  kill: () => Promise<void>;
}

const ROOT = new URL("../../", import.meta.url);

export function freePort(): number {
  const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

export interface StartOptions {
  /** A KV file shared with other servers (or kept for a restart): not deleted on stop. */
  kvPath?: string;
  /** The port to listen on (a restart on the same address); a free one by default. */
  port?: number;
  /** Run as `deno task serve` does, with `--unstable-cron` (default); false: the timers. */
  cron?: boolean;
  /**
   * Deno Deploy's rules: `DENO_DEPLOYMENT_ID` set, no `KV_PATH` (the runtime's own KV, kept by
   * Deno under a temporary DENO_DIR), no file writes, no subprocesses, no native code, reads
   * of the project only.
   */
  deploy?: boolean;
}

const DEPLOY_PERMISSIONS = [
  "--allow-net",
  "--allow-env",
  `--allow-read=${ROOT.pathname}`,
  "--deny-write",
  "--deny-run",
  "--deny-ffi",
  "--no-prompt",
];

/**
 * Whether process `pid` holds the listening socket of `port` (Linux's /proc: the sockets
 * listening there, then the process's open files); true where /proc cannot tell.
 */
function listensOn(pid: number, port: number): boolean {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  const sockets = new Set<string>();
  try {
    for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
      for (const line of Deno.readTextFileSync(table).split("\n").slice(1)) {
        // sl local_address rem_address st ... inode: st 0A is LISTEN.
        const f = line.trim().split(/\s+/);
        if (f[1]?.endsWith(hex) && f[3] === "0A") sockets.add(`socket:[${f[9]}]`);
      }
    }
  } catch {
    return true;
  }
  try {
    return [...Deno.readDirSync(`/proc/${pid}/fd`)].some((fd) => {
      try {
        return sockets.has(Deno.readLinkSync(`/proc/${pid}/fd/${fd.name}`));
      } catch {
        return false; // closed meanwhile
      }
    });
  } catch {
    return false; // the process is gone
  }
}

interface Launched {
  child: Deno.ChildProcess;
  pumps: Promise<unknown>;
  port: number;
  url: string;
  output: () => string;
  /** Answering requests; false: it exited first (its output says why) or never answered. */
  ready: boolean;
}

/** Spawns the built server on `port` and waits until it answers, exits, or 30 s have passed. */
async function launch(args: string[], env: Record<string, string>, port: number) {
  const child = new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT.pathname,
    env,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let log = "";
  const decoder = new TextDecoder();
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) log += decoder.decode(chunk);
  };
  const pumps = Promise.all([pump(child.stdout), pump(child.stderr)]);
  let exited = false;
  child.status.then(() => exited = true);
  const url = `http://127.0.0.1:${port}`;
  const launched: Launched = { child, pumps, port, url, output: () => log, ready: false };
  const deadline = Date.now() + 30_000;
  while (!exited) {
    try {
      const res = await fetch(`${url}/api/shipping/countries`);
      await res.body?.cancel();
      // Another process's server on this port answers too: the port must be our child's.
      if (res.ok && !exited && listensOn(child.pid, port)) return { ...launched, ready: true };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      break;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  await pumps;
  await child.status;
  return launched;
}

export async function startBuiltServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const entry = new URL("dist/server/entry.mjs", ROOT);
  try {
    await Deno.stat(entry);
  } catch {
    throw new Error("dist/server/entry.mjs is missing: run `deno task build` first");
  }
  const dir = options.kvPath && !options.deploy
    ? null
    : await Deno.makeTempDir({ prefix: "shop-test-" });
  const kvPath = options.deploy ? "" : options.kvPath ?? `${dir}/shop.kv`;
  const args = [
    "run",
    ...(options.deploy ? DEPLOY_PERMISSIONS : ["-A"]),
    "--unstable-kv",
    ...(options.cron === false ? [] : ["--unstable-cron"]),
    // SERVER_FLAGS: extra flags for a bench's servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p".
    ...(Deno.env.get("SERVER_FLAGS")?.split(" ").filter(Boolean) ?? []),
    entry.pathname,
  ];
  const kvEnv: Record<string, string> = options.deploy
    ? { DENO_DEPLOYMENT_ID: "test-deployment", DENO_DIR: `${dir}/deno-dir` }
    : { KV_PATH: kvPath };
  // A free port may be taken by another process (a test file running beside this one) before
  // the server binds it: that start exits at once and is made again on another free port.
  let started: Launched | null = null;
  for (let attempt = 1; !started; attempt++) {
    const port = options.port ?? freePort();
    const launched = await launch(args, { ...kvEnv, ...serverEnv(port), ...env }, port);
    if (launched.ready) started = launched;
    else if (options.port !== undefined || attempt === 3 || !/AddrInUse/.test(launched.output())) {
      throw new Error(`server did not start:\n${launched.output()}`);
    }
  }
  const { child, pumps, port, url } = started;
  const end = async (signal: Deno.Signal) => {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
    const status = await child.status;
    await pumps;
    if (dir) await Deno.remove(dir, { recursive: true }).catch(() => {});
    return status.code;
  };
  return {
    url,
    port,
    pid: child.pid,
    kvPath,
    output: started.output,
    stop: () => end("SIGTERM"),
    async kill() {
      await end("SIGKILL");
    },
  };
}

/**
 * Runs the built server expecting it not to start (a refused setting, a KV it cannot reach): its
 * exit code and output, or `code: null` when it was still running after `boundMs` (killed then).
 */
export async function runUntilExit(
  env: Record<string, string>,
  boundMs: number,
): Promise<{ code: number | null; output: string }> {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--unstable-kv",
      "--unstable-cron",
      new URL("dist/server/entry.mjs", ROOT).pathname,
    ],
    cwd: ROOT.pathname,
    clearEnv: true,
    env: {
      PATH: Deno.env.get("PATH") ?? "",
      HOME: Deno.env.get("HOME") ?? "",
      ...serverEnv(port),
      ...env,
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((r) =>
    timer = setTimeout(() => {
      child.kill("SIGKILL");
      r(null);
    }, boundMs)
  );
  const [ended, out] = await Promise.all([
    Promise.race([child.status.then((s) => s.code), late]),
    child.output().catch(() => null),
  ]);
  clearTimeout(timer);
  const decoder = new TextDecoder();
  const output = out ? decoder.decode(out.stdout) + decoder.decode(out.stderr) : "";
  return { code: ended, output };
}

/**
 * A running server's HTTP API, shaped like the `api` the test helpers take; with `client`, every
 * request comes from that address (X-Forwarded-For, for a server started with TRUST_PROXY=true).
 */
export const serverApi = (server: RunningServer, client?: string) => ({
  request(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (client) headers.set("X-Forwarded-For", client);
    return fetch(`${server.url}${path}`, { ...init, headers });
  },
});

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc (Linux): what a
 * benchmark on a shared machine compares, since wall-clock times move with the other load.
 */
export function cpuMs(pid: number): number {
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  // The fields after the command name (which may hold spaces), from field 3 (state) on.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticksPerSecond = 100; // USER_HZ: 100 on every Linux Deno runs on
  return (Number(fields[11]) + Number(fields[12])) * 1000 / ticksPerSecond;
}
