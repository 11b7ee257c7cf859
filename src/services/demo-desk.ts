import {
  type DemoRequest,
  type DemoRequestInput,
  demoRequestMail,
} from "../domain/demo-request.ts";
import type { DemoRequestStore } from "../store/demo-requests.ts";
import type { OutboxStore } from "../store/outbox.ts";
import type { Mailer } from "./mail/mailer.ts";

export type DemoDesk = ReturnType<typeof createDemoDesk>;

/** Demo requests: stored, and mailed to the shop through the outbox in the same commit. */
export function createDemoDesk(
  kv: Deno.Kv,
  deps: { demoRequests: DemoRequestStore; outbox: OutboxStore; mailer: Mailer; shopEmail: string },
) {
  return {
    async submit(input: DemoRequestInput): Promise<DemoRequest> {
      const op = kv.atomic();
      const request = deps.demoRequests.add(op, input);
      const mail = demoRequestMail(request, deps.shopEmail);
      deps.outbox.add(op, mail);
      const res = await op.commit();
      // Fresh ids only: a failed commit is not a race to retry but a store problem.
      if (!res.ok) throw new Error("Could not store the demo request");
      deps.mailer.wake([mail.subject]);
      return request;
    },
  };
}
