/** Levels, least to most severe; LOG_LEVEL keeps its level and the ones above. */
export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = typeof LOG_LEVELS[number];

export type LogFields = Record<string, unknown>;

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

/** JSON for a log line: secrets dropped by key, every email address masked. */
function serialize(entry: LogFields): string {
  const json = JSON.stringify(
    entry,
    (key, value) => (key && SECRET_KEY.test(key) ? "[redacted]" : value),
  );
  return maskEmail(json);
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
    const entry: LogFields = { time: new Date().toISOString(), level: lvl, msg, ...fields };
    write(lvl, serialize(err === undefined ? entry : { ...entry, ...errorFields(err) }));
  };
  return {
    setLevel(next: LogLevel) {
      min = LOG_LEVELS.indexOf(next);
    },
    enabled: (lvl: LogLevel) => LOG_LEVELS.indexOf(lvl) >= min,
    debug: (msg: string, fields?: LogFields) => emit("debug", msg, fields),
    info: (msg: string, fields?: LogFields) => emit("info", msg, fields),
    warn: (msg: string, fields?: LogFields, err?: unknown) => emit("warn", msg, fields, err),
    error: (msg: string, fields?: LogFields, err?: unknown) => emit("error", msg, fields, err),
  };
}

export type Logger = ReturnType<typeof createLogger>;

/** The process's logger; the server sets its level from LOG_LEVEL (services/config.ts). */
export const log = createLogger();
