/**
 * Screenshots of pages of the built server, for a look at what visitors see.
 *   deno run -A --unstable-kv tasks/screenshot.ts /shop /home   (writes /tmp/shot-*.png)
 * With --admin, the back office: sample orders, sign-ups and a newsletter are made, and the
 * seeded superadmin signs in first (docs/images/back-office-orders.png was made this way).
 *   deno run -A --unstable-kv tasks/screenshot.ts --admin /admin/orders
 */
import { launchBrowser } from "../tests/_lib/browser.ts";
import { startBuiltServer } from "../tests/_lib/server.ts";
import { BOSS, fillBackOffice, shellReady, signInAs } from "../tests/_lib/admin-browser.ts";

const admin = Deno.args.includes("--admin");
const args = Deno.args.filter((a) => a !== "--admin");
const paths = args.length ? args : ["/shop"];
const width = Number(Deno.env.get("SHOT_WIDTH") ?? 1280);
const server = await startBuiltServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width, height: 900 }, baseURL: server.url });
  if (admin) {
    await fillBackOffice(server);
    await signInAs(page, BOSS);
  }
  for (const path of paths) {
    await page.goto(server.url + path, { waitUntil: "networkidle" });
    if (admin) await shellReady(page);
    const file = `/tmp/shot-${path.replace(/[^a-z0-9]+/gi, "_") || "root"}-${width}.png`;
    await page.screenshot({ path: file, fullPage: !admin });
    console.log(file);
  }
} finally {
  await browser.close();
  await server.stop();
}
