/**
 * Issue 18, item 2: a file beginning `<!--ftypavif--><svg><script>` passed the 12-byte AVIF check
 * and, served from the shop's origin, ran a script that made an admin a superadmin. An upload is
 * now taken only when its whole structure parses as the format it claims, with sane dimensions
 * and no markup in its first kilobyte; uploads are served only as their image type, with nosniff
 * and a sandbox CSP.
 */
import { crc32 } from "node:zlib";
import { createFrontDoor } from "../../src/server/front-door.ts";
import { assert, assertEquals, assertJsonResponse, assertMatch } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { type TestContext, withServices } from "../_lib/services.ts";

const fixture = (name: string) =>
  Deno.readFileSync(new URL(`../fixtures/images/${name}`, import.meta.url));
const text = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const u32 = (n: number) => new Uint8Array([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** A PNG chunk with its length and a correct CRC. */
const pngChunk = (type: string, data: Uint8Array) =>
  concat(u32(data.length), text(type), data, u32(crc32(concat(text(type), data))));
const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ihdr = (width: number, height: number) =>
  pngChunk("IHDR", concat(u32(width), u32(height), new Uint8Array([8, 2, 0, 0, 0])));
/** tiny.png's chunks after its IHDR (IDAT and IEND), reused around another header. */
const afterIhdr = (png: Uint8Array) => png.subarray(8 + 25);

/** A tiny valid image of each format, as cameras, editors and sharp write them. */
const VALID: [string, string, string][] = [
  ["tiny.png", "png", "image/png"],
  ["tiny-interlaced.png", "png", "image/png"],
  ["tiny.jpg", "jpg", "image/jpeg"],
  ["tiny-progressive.jpg", "jpg", "image/jpeg"],
  ["tiny.gif", "gif", "image/gif"],
  ["tiny.webp", "webp", "image/webp"],
  ["tiny-lossless.webp", "webp", "image/webp"],
  ["tiny-alpha.webp", "webp", "image/webp"],
  ["tiny.avif", "avif", "image/avif"],
];

function upload(t: TestContext, who: SignedIn, data: Uint8Array, name = "photo.avif") {
  const form = new FormData();
  form.append("image", new File([data as Uint8Array<ArrayBuffer>], name, { type: "image/avif" }));
  return t.api.request("/api/upload/image", { method: "POST", headers: who.headers, body: form });
}

async function blobKeys(t: TestContext) {
  let n = 0;
  for await (const e of t.kv.list({ prefix: [] })) {
    if (e.key[0] === "blob" || e.key[0] === "blob_meta") n++;
  }
  return n;
}

const SVG_ATTACK = text(
  '<!--ftypavif--><svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/superadmins",' +
    '{method:"POST",body:"{}"})</script></svg>',
);

function attacks(): [string, Uint8Array][] {
  const png = fixture("tiny.png");
  const jpg = fixture("tiny.jpg");
  const gif = fixture("tiny.gif");
  const webp = fixture("tiny.webp");
  const avif = fixture("tiny.avif");
  const flipped = png.slice();
  flipped[png.length - 20] ^= 0xff; // inside IDAT: its CRC no longer matches
  const liar = webp.slice();
  liar[4] += 10; // the RIFF size promises more than the file holds
  return [
    ["the reported file: <!--ftypavif--><svg><script>", SVG_ATTACK],
    [
      "the same in UTF-16",
      concat(new Uint8Array([0xff, 0xfe]), utf16(new TextDecoder().decode(SVG_ATTACK))),
    ],
    ["a real ftyp box, then SVG", concat(avif.subarray(0, 28), text("<svg onload=alert(1)>"))],
    ["a valid AVIF with a script after it", concat(avif, text("<SCRIPT>alert(1)</SCRIPT>"))],
    [
      "a valid PNG header, then HTML",
      concat(PNG_SIGNATURE, ihdr(1, 1), text("<html><script>x()</script>")),
    ],
    ["a well-formed PNG whose text chunk holds markup", pngWithText("<!-- --><svg/onload=x()>")],
    ["a well-formed GIF whose comment holds UTF-16 markup", gifWithComment(utf16("<svg/>"))],
    ["JPEG SOI, then HTML", concat(jpg.subarray(0, 2), text("<html><body>hi</body></html>"))],
    ["a PNG cut short", png.subarray(0, png.length - 5)],
    ["a PNG with a bad CRC", flipped],
    ["a PNG with data after IEND", concat(png, text("trailing"))],
    ["a PNG without IDAT", concat(PNG_SIGNATURE, ihdr(1, 1), pngChunk("IEND", new Uint8Array()))],
    ["a JPEG cut in half", jpg.subarray(0, jpg.length >> 1)],
    ["a GIF without its trailer", gif.subarray(0, gif.length - 1)],
    ["a WebP whose RIFF size lies", liar],
    ["a WebP cut short", webp.subarray(0, webp.length - 4)],
    ["an AVIF cut short", avif.subarray(0, avif.length - 3)],
    [
      "an ISO-BMFF file of another brand",
      renamed(avif, "avif", "heic"),
    ],
    ["an AVIF with no image size (ispe renamed)", renamed(avif, "ispe", "ispf")],
    ["a PNG 0 px wide", concat(PNG_SIGNATURE, ihdr(0, 1), afterIhdr(png))],
  ];
}

const utf16 = (s: string) =>
  new Uint8Array(new Uint16Array([...s].map((c) => c.charCodeAt(0))).buffer);

/** tiny.png with a tEXt chunk (correct CRC) after its header. */
function pngWithText(comment: string) {
  const png = fixture("tiny.png");
  return concat(
    PNG_SIGNATURE,
    png.subarray(8, 33),
    pngChunk("tEXt", text(`Comment\0${comment}`)),
    afterIhdr(png),
  );
}

/** tiny.gif (2-colour global table: 19 header bytes) with a comment extension. */
function gifWithComment(comment: Uint8Array) {
  const gif = fixture("tiny.gif");
  return concat(
    gif.subarray(0, 19),
    new Uint8Array([0x21, 0xfe, comment.length]),
    comment,
    new Uint8Array([0]),
    gif.subarray(19),
  );
}

/** `bytes` with every occurrence of one four-letter box type renamed. */
function renamed(bytes: Uint8Array, from: string, to: string) {
  const out = bytes.slice();
  for (let i = 0; i + 4 <= out.length; i++) {
    if (new TextDecoder().decode(out.subarray(i, i + 4)) === from) out.set(text(to), i);
  }
  return out;
}

Deno.test("[security] uploads: real images of the five types are taken and served as images only", () =>
  withServices(async (t) => {
    const admin = await loginAs(t, "admin");
    const handle = createFrontDoor(t.services, new Map(), () => Promise.resolve(new Response()));
    for (const [file, ext, type] of VALID) {
      const data = fixture(file);
      const res = await upload(t, admin, data, "x.svg");
      const { path } = await assertJsonResponse(res, 201) as { path: string };
      assertMatch(path, new RegExp(`^/uploads/[0-9A-Z]{26}\\.${ext}$`), file);
      const served = await handle(new Request(`http://localhost${path}`));
      assertEquals(served.status, 200, file);
      assertEquals(served.headers.get("content-type"), type);
      assertEquals(served.headers.get("x-content-type-options"), "nosniff");
      assertEquals(served.headers.get("content-security-policy"), "sandbox; default-src 'none'");
      assertEquals(
        served.headers.get("content-disposition"),
        `inline; filename="${path.slice("/uploads/".length)}"`,
      );
      assertEquals(new Uint8Array(await served.arrayBuffer()), data);
    }
    // The hostile files below built the same way, with harmless text instead of markup: taken,
    // so the markup is what refuses them.
    for (const data of [pngWithText("a harmless comment"), gifWithComment(utf16("hello!"))]) {
      await assertJsonResponse(await upload(t, admin, data), 201);
    }
  }));

Deno.test("[security] uploads: markup, polyglots, truncated or corrupt files are 415 and nothing is stored", () =>
  withServices(async (t) => {
    const admin = await loginAs(t, "admin");
    const before = await blobKeys(t);
    // Sent at once, as a script would.
    const answers = await Promise.all(
      attacks().map(async ([what, data]) => [what, await upload(t, admin, data)] as const),
    );
    for (const [what, res] of answers) {
      const body = await res.json();
      assertEquals(res.status, 415, `${what}: ${JSON.stringify(body)}`);
      assertEquals(body.error, "unsupported_media_type");
      assertMatch(body.message, /PNG, JPEG, WebP, GIF or AVIF/);
    }
    assertEquals(await blobKeys(t), before, "nothing stored");
    const audit = await t.services.audit.recent();
    assert(!audit.some((e) => e.action === "upload.create"), "nothing audited");
  }));

Deno.test("[security] uploads: huge dimensions are 415 whatever the file's size", () =>
  withServices(async (t) => {
    const admin = await loginAs(t, "admin");
    const png = fixture("tiny.png");
    const gif = fixture("tiny.gif");
    const wideGif = gif.slice();
    wideGif.set([0xff, 0xff, 0xff, 0xff], 6); // 65535 x 65535 logical screen
    const cases: [string, Uint8Array][] = [
      ["PNG 100000 x 1", concat(PNG_SIGNATURE, ihdr(100_000, 1), afterIhdr(png))],
      ["PNG 10000 x 10000 (100 MP)", concat(PNG_SIGNATURE, ihdr(10_000, 10_000), afterIhdr(png))],
      ["PNG 2^31 x 2^31", concat(PNG_SIGNATURE, ihdr(0x7fffffff, 0x7fffffff), afterIhdr(png))],
      ["GIF 65535 x 65535", wideGif],
    ];
    for (const [what, data] of cases) {
      const res = await upload(t, admin, data);
      const body = await res.json();
      assertEquals(res.status, 415, `${what}: ${JSON.stringify(body)}`);
      assertEquals(body.message, "Images may be at most 10000 px on a side and 50 megapixels");
    }
    // At the limits: taken.
    const edge = concat(PNG_SIGNATURE, ihdr(10_000, 5_000), afterIhdr(png));
    await assertJsonResponse(await upload(t, admin, edge), 201);
    assertEquals(await blobKeys(t), 2, "the one accepted file: its meta and one chunk");
  }));

Deno.test("[security] uploads: a file stored before the check is not served as anything but an image", () =>
  withServices(async (t) => {
    const handle = createFrontDoor(t.services, new Map(), () => Promise.resolve(new Response()));
    const blobs = t.services.blobs;
    // As the old check stored them: the reported file under .avif, and a type that is no image.
    const attack = await blobs.put(SVG_ATTACK, "image/avif", "avif");
    const svg = await blobs.put(fixture("tiny.png"), "image/svg+xml", "png");
    for (const path of [`/uploads/${attack.id}.avif`, `/uploads/${svg.id}.png`]) {
      const res = await handle(new Request(`http://localhost${path}`));
      assertEquals(res.status, 404, path);
      assertEquals(res.headers.get("content-type"), "text/plain; charset=utf-8");
      assertEquals(res.headers.get("x-content-type-options"), "nosniff");
      await res.body?.cancel();
    }
  }));
