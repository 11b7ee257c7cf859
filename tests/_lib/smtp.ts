import { SMTPServer } from "smtp-server";

export interface Received {
  to: string[];
  raw: string;
  /** The Message-ID header (the outbox record's id for the shop's mails). */
  messageId: string | null;
}

/**
 * A real SMTP server on loopback that keeps every raw message it receives; on `port` when
 * given. `delayMs` makes it a slow relay (each message accepted that long after its data).
 */
export async function smtpSink(port = 0, delayMs = 0) {
  const received: Received[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // A close waits this long for the clients' open connections (the shop's mailer keeps one
    // open between mails), then ends them: the default, 30 s, was most of a browser test's time.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (c: Uint8Array) => chunks.push(c));
      stream.on("end", () => {
        const raw = new TextDecoder().decode(
          chunks.reduce((a, b) => new Uint8Array([...a, ...b]), new Uint8Array()),
        );
        const messageId = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? null;
        setTimeout(() => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, messageId });
          callback();
        }, delayMs);
      });
    },
  });
  const bound = await new Promise<number>((resolve) => {
    server.listen(
      port,
      "127.0.0.1",
      () => resolve((server.server.address() as { port: number }).port),
    );
  });
  return {
    received,
    /** SMTP connections opened so far. */
    connections: () => connections,
    url: `smtp://127.0.0.1:${bound}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Waits (bounded) until `ready()` holds; a condition, never a fixed sleep. */
export async function waitFor(ready: () => boolean | Promise<boolean>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
