import { createFrontDoor } from "../../src/server/front-door.ts";
import { assert, assertEquals, assertJsonResponse, assertMatch } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { type TestContext, withServices } from "../_lib/services.ts";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => typeof p === "string" ? [...new TextEncoder().encode(p)] : p),
  );
const pad = new Array(32).fill(0);
const fixture = (name: string) =>
  Deno.readFileSync(new URL(`../fixtures/images/${name}`, import.meta.url));

/** A tiny real image of each accepted format (tests/fixtures/images, made with sharp). */
const IMAGES = {
  "image/png": fixture("tiny.png"),
  "image/jpeg": fixture("tiny.jpg"),
  "image/gif": fixture("tiny.gif"),
  "image/webp": fixture("tiny.webp"),
  "image/avif": fixture("tiny.avif"),
};

function upload(t: TestContext, who: SignedIn, data: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append("image", new File([data as Uint8Array<ArrayBuffer>], name, { type }));
  return t.api.request("/api/upload/image", { method: "POST", headers: who.headers, body: form });
}

Deno.test("[api] uploads: images recognised by their bytes are stored and served", () =>
  withServices(async (t) => {
    const admin = await loginAs(t, "admin");
    const handle = createFrontDoor(t.services, new Map(), () => Promise.resolve(new Response()));
    for (const [type, data] of Object.entries(IMAGES)) {
      // The name and the declared type are ignored: only the bytes count.
      const res = await upload(t, admin, data, "photo.bin", "application/octet-stream");
      const { path, imageUrl } = await assertJsonResponse(res, 201) as {
        path: string;
        imageUrl: string;
      };
      assertMatch(path, /^\/uploads\/[0-9A-Z]{26}\.(png|jpg|gif|webp|avif)$/);
      assertEquals(imageUrl, path);
      const served = await handle(new Request(`http://localhost${path}`));
      assertEquals(served.status, 200);
      assertEquals(served.headers.get("content-type"), type);
      assertEquals(served.headers.get("x-content-type-options"), "nosniff");
      assertMatch(served.headers.get("cache-control")!, /max-age=31536000/);
      assertEquals(new Uint8Array(await served.arrayBuffer()), data);
      const again = await handle(
        new Request(`http://localhost${path}`, {
          headers: { "If-None-Match": served.headers.get("etag")! },
        }),
      );
      assertEquals(again.status, 304);
    }
    const missing = await handle(new Request("http://localhost/uploads/nothing.png"));
    assertEquals(missing.status, 404);
    await missing.body?.cancel();
  }));

Deno.test("[api] uploads: SVG, text and disguised files are refused with 415; over 5 MB with 413", () =>
  withServices(async (t) => {
    const admin = await loginAs(t, "admin");
    const refused = [
      bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      bytes("just some text, long enough to be read"),
      bytes("<html><body>not an image</body></html>"),
      bytes([0x89], "PNX", pad),
    ];
    for (const data of refused) {
      const res = await upload(t, admin, data, "image.png", "image/png");
      const body = await assertJsonResponse(res, 415) as { message: string };
      assertMatch(body.message, /PNG, JPEG, WebP, GIF or AVIF/);
    }
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(IMAGES["image/png"]);
    await assertJsonResponse(await upload(t, admin, big, "big.png", "image/png"), 413);
    const noFile = new FormData();
    noFile.append("other", "x");
    const res = await t.api.request("/api/upload/image", {
      method: "POST",
      headers: admin.headers,
      body: noFile,
    });
    await assertJsonResponse(res, 400);
    const json = await t.api.request("/api/upload/image", {
      method: "POST",
      headers: { ...admin.headers, "Content-Type": "application/json" },
      body: "{}",
    });
    await assertJsonResponse(json, 400);
    let blobs = 0;
    for await (const _ of t.kv.list({ prefix: ["blob_meta"] })) blobs++;
    assertEquals(blobs, 0, "nothing stored");
  }));

Deno.test("[api] uploads: a superadmin deletes a file (audited); then it is gone", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const { path } = await assertJsonResponse(
      await upload(t, boss, IMAGES["image/png"], "a.png", "image/png"),
      201,
    ) as { path: string };
    const name = path.split("/").pop()!;
    const del = await t.api.request(`/api/upload/delete/${name}`, {
      method: "DELETE",
      headers: boss.headers,
    });
    await assertJsonResponse(del, 200);
    assertEquals(await t.services.uploads.find(name), null);
    const again = await t.api.request(`/api/upload/delete/${name}`, {
      method: "DELETE",
      headers: boss.headers,
    });
    await assertJsonResponse(again, 404);
    const actions = (await t.services.audit.recent()).map((e) => e.action);
    assert(actions.includes("upload.create") && actions.includes("upload.delete"), `${actions}`);
  }));
