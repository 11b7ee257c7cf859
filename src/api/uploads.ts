import { Hono } from "hono";
import { ValidationError } from "../domain/errors.ts";
import { actorOf } from "../services/admin-accounts.ts";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";
import { readMultipart } from "./validate.ts";

/** `POST /api/upload/image` (multipart field `image`) and `DELETE /api/upload/delete/{name}`. */
export function uploadsRouter(services: Services) {
  return new Hono<ApiEnv>()
    .post("/image", async (c) => {
      const form = await readMultipart(c);
      const file = form.get("image");
      if (!(file instanceof File)) {
        throw new ValidationError("An image file is required", [
          { field: "image", message: "An image file is required" },
        ]);
      }
      const actor = actorOf(c.get("session").admin);
      return c.json(await services.uploads.saveImage(actor, file), 201);
    })
    .delete("/delete/:filename", async (c) => {
      const actor = actorOf(c.get("session").admin);
      await services.uploads.deleteImage(actor, c.req.param("filename"));
      return c.json({ success: true, message: "File deleted" });
    });
}
