/**
 * Screenshots of pages of the built server, for a look at what visitors see.
 *   deno run -A --unstable-kv tasks/screenshot.ts /shop /home   (writes /tmp/shot-*.png)
 */
import { launchBrowser } from "../tests/_lib/browser.ts";
import { startBuiltServer } from "../tests/_lib/server.ts";

const paths = Deno.args.length ? Deno.args : ["/shop"];
const width = Number(Deno.env.get("SHOT_WIDTH") ?? 1280);
const server = await startBuiltServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const path of paths) {
    await page.goto(server.url + path, { waitUntil: "networkidle" });
    const file = `/tmp/shot-${path.replace(/[^a-z0-9]+/gi, "_") || "root"}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
} finally {
  await browser.close();
  await server.stop();
}
