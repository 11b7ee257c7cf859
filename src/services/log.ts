/** Levels, least to most severe; LOG_LEVEL keeps its level and the ones above. */
export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = typeof LOG_LEVELS[number];

export type LogFields = Record<string, unknown>;

/** What a request's line says of it (`log.request`). */
export interface RequestLine {
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  /** Unknown for a request made in-process (no peer): left out, as `info` leaves it. */
  client: string | undefined;
}

/** Keys whose values never reach a log line, whatever a caller passes. */
const SECRET_KEY = /pass(word)?|token|secret|authorization|cookie|card|cvc|iban/i;
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;

/** "ada@example.com" -> "a***@example.com": enough to tell customers apart, not to mail them. */
export function maskEmail(text: string): string {
  return text.replace(EMAIL, "$1***@$2");
}

function errorFields(err: unknown): LogFields {
  if (!(err instanceof Error)) return { error: String(err) };
  return { error: err.message, errorName: err.name, stack: err.stack };
}

/** Keys come from code, so a few hundred answers cover them all (the request line has eight). */
const secretKeys = new Map<string, boolean>();
function isSecretKey(key: string): boolean {
  let secret = secretKeys.get(key);
  if (secret === undefined) {
    secret = SECRET_KEY.test(key);
    if (secretKeys.size < 512) secretKeys.set(key, secret);
  }
  return secret;
}

const redact = (key: string, value: unknown) => key && isSecretKey(key) ? "[redacted]" : value;

/** Whether a replacer must visit the entry: a nested value, or a top-level key that is secret. */
function needsRedaction(entry: LogFields): boolean {
  for (const key in entry) {
    const value = entry[key];
    if (isSecretKey(key) || (typeof value === "object" && value !== null)) return true;
  }
  return false;
}

/** The time of a line, formatted once per millisecond (the lines of one share it). */
let lastMs = 0;
let lastTime = "";
function timeNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) [lastMs, lastTime] = [ms, new Date(ms).toISOString()];
  return lastTime;
}

/**
 * JSON for a log line: secrets dropped by key, every email address masked. The plain paths
 * (no replacer, no regex without an "@") keep the per-request line cheap.
 */
function serialize(entry: LogFields): string {
  const json = needsRedaction(entry) ? JSON.stringify(entry, redact) : JSON.stringify(entry);
  return json.includes("@") ? maskEmail(json) : json;
}

/**
 * One JSON line per event (`time`, `level`, `msg`, fields), to stdout (errors to stderr), for a
 * log collector to parse. Error values become `error`, `errorName` and `stack` fields.
 */
export function createLogger(
  level: LogLevel = "info",
  write: (level: LogLevel, line: string) => void = (lvl, line) =>
    lvl === "error" ? console.error(line) : console.log(line),
) {
  let min = LOG_LEVELS.indexOf(level);
  const emit = (lvl: LogLevel, msg: string, fields?: LogFields, err?: unknown) => {
    if (LOG_LEVELS.indexOf(lvl) < min) return;
    const entry: LogFields = { time: timeNow(), level: lvl, msg, ...fields };
    write(lvl, serialize(err === undefined ? entry : { ...entry, ...errorFields(err) }));
  };
  const info = LOG_LEVELS.indexOf("info");
  return {
    setLevel(next: LogLevel) {
      min = LOG_LEVELS.indexOf(next);
    },
    /**
     * The line each request writes, at info: the same JSON as `info("request", fields)`, spelled
     * out (its fields are known, none secret), as it is written tens of thousands of times a
     * second.
     */
    request(fields: RequestLine) {
      if (info < min) return;
      const line = `{"time":"${timeNow()}","level":"info","msg":"request","requestId":${
        JSON.stringify(fields.requestId)
      },"method":${JSON.stringify(fields.method)},"path":${JSON.stringify(fields.path)},"status":${
        JSON.stringify(fields.status)
      },"durationMs":${JSON.stringify(fields.durationMs)}${
        fields.client === undefined ? "" : `,"client":${JSON.stringify(fields.client)}`
      }}`;
      write("info", line.includes("@") ? maskEmail(line) : line);
    },
    enabled: (lvl: LogLevel) => LOG_LEVELS.indexOf(lvl) >= min,
    debug: (msg: string, fields?: LogFields) => emit("debug", msg, fields),
    info: (msg: string, fields?: LogFields) => emit("info", msg, fields),
    warn: (msg: string, fields?: LogFields, err?: unknown) => emit("warn", msg, fields, err),
    error: (msg: string, fields?: LogFields, err?: unknown) => emit("error", msg, fields, err),
  };
}

export type Logger = ReturnType<typeof createLogger>;

/** What a batched writer writes to: a file, a pipe, stdout. */
export interface SyncSink {
  writeSync(bytes: Uint8Array): number;
}

/** How long a line may wait in the buffer, and how much may wait before it is written at once. */
export const LOG_FLUSH_MS = 25;
const LOG_FLUSH_BYTES = 256 * 1024;

/**
 * Collects lines and writes them in one write per batch, on a short timer (or at once past
 * 256 KB), instead of one blocking write per line inside every request. `flush` writes what
 * waits now (at shutdown, before an error line, at exit).
 */
export function createBatchedWriter(sink: SyncSink, delayMs = LOG_FLUSH_MS) {
  const encoder = new TextEncoder();
  let pending: string[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const bytes = encoder.encode(pending.join(""));
    pending = [];
    size = 0;
    // writeSync may write part of a large batch to a pipe: write the rest.
    for (let at = 0; at < bytes.length;) at += sink.writeSync(bytes.subarray(at));
  }

  return {
    push(line: string) {
      pending.push(line, "\n");
      size += line.length + 1;
      if (size >= LOG_FLUSH_BYTES) flush();
      else if (timer === undefined) {
        const id = setTimeout(flush, delayMs);
        // A waiting log line never keeps a finished script alive: exit flushes it.
        Deno.unrefTimer(id);
        timer = id;
      }
    },
    flush,
  };
}

/**
 * Info and warn lines go to stdout in batches; an error line goes to stderr at once, after the
 * batch that waited before it. What waits is written at exit (Deno.exit included) and before an
 * uncaught error ends the process; only a SIGKILL can lose the last 25 ms of lines.
 */
function processWriter(): (level: LogLevel, line: string) => void {
  const out = createBatchedWriter(Deno.stdout);
  const encoder = new TextEncoder();
  for (const event of ["unload", "error", "unhandledrejection"]) {
    globalThis.addEventListener(event, () => out.flush());
  }
  return (level, line) => {
    if (level !== "error") return out.push(line);
    out.flush();
    Deno.stderr.writeSync(encoder.encode(line + "\n"));
  };
}

/** The process's logger; the server sets its level from LOG_LEVEL (services/config.ts). */
export const log = createLogger("info", processWriter());
