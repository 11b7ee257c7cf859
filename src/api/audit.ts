import { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";

const auditQuery = z.object({
  entity: z.string().trim().min(1).max(40).optional(),
  id: z.string().trim().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** `GET /api/audit?entity=&id=`: one record's history (oldest first), else the latest entries. */
export function auditRouter(services: Services) {
  return new Hono<ApiEnv>().get("/", async (c) => {
    const q = auditQuery.parse(c.req.query());
    const entries = q.entity && q.id
      ? await services.audit.forRecord(q.entity, q.id, q.limit)
      : await services.audit.recent(q.limit);
    return c.json({ entries });
  });
}
