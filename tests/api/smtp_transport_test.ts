import { createSmtpTransport } from "../../src/services/mail/transport.ts";
import { assertEquals } from "../_lib/assert.ts";
import { smtpSink } from "../_lib/smtp.ts";

const message = (i: number) => ({
  to: `reader${i}@example.com`,
  subject: `Issue ${i}`,
  text: "Hello",
});

Deno.test("[api] SMTP: mails share pooled connections unless the URL says pool=false", async () => {
  for (const [query, expected] of [["", 1], ["?pool=false", 5]] as const) {
    const sink = await smtpSink();
    const transport = createSmtpTransport(`${sink.url}${query}`, "Shop <shop@example.com>");
    try {
      for (let i = 0; i < 5; i++) await transport.send(message(i));
      assertEquals(sink.received.length, 5);
      assertEquals(sink.connections(), expected, `connections with "${query}"`);
    } finally {
      transport.close();
      await sink.close();
    }
  }
});
