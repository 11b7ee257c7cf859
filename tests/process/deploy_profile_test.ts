import { assert, assertEquals, assertMatch, assertStringIncludes } from "../_lib/assert.ts";
import { intentBody } from "../_lib/checkout.ts";
import { startBuiltServer } from "../_lib/server.ts";
import { smtpSink, waitFor } from "../_lib/smtp.ts";
import { formatMoney } from "../../src/domain/money.ts";

const ADMIN = { email: "admin@example.com", password: "correct horse battery" };
const PNG = Deno.readFileSync(new URL("../fixtures/images/tiny.png", import.meta.url));

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

interface PublicProduct {
  _id: string;
  name: string;
  price: number;
  stock: number;
  slug: string;
  image: string;
}

Deno.test({
  name:
    "[server] Deno Deploy profile: no KV_PATH, no file writes, no subprocesses: a purchase, a sign-in and a product edit",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const smtp = await smtpSink();
    // Deploy's rules (tests/_lib/server.ts): DENO_DEPLOYMENT_ID, no KV_PATH, --deny-write,
    // --deny-run, --deny-ffi, reads of the project only; crons as on Deploy.
    const server = await startBuiltServer({ SMTP_URL: smtp.url }, { deploy: true });
    let stopped = false;
    try {
      const products = await (await fetch(`${server.url}/api/public/products`))
        .json() as PublicProduct[];
      const board = products.find((p) => p.name === "Vectra DSP Board")!;

      // A purchase through the sandbox, as the checkout page makes it.
      const body = intentBody([
        { id: board._id, title: board.name, price: board.price, quantity: 1 },
      ]);
      const { orderData } = body;
      const intent = await post(`${server.url}/api/stripe/create-payment-intent`, body);
      assertEquals(intent.status, 200, JSON.stringify(intent.body));
      const paid = await post(`${server.url}/api/sandbox/confirm-card`, {
        clientSecret: intent.body.clientSecret,
        paymentMethod: "pm_card_visa",
      });
      assertEquals(paid.status, 200, JSON.stringify(paid.body));
      const confirmed = await post(`${server.url}/api/stripe/confirm-payment`, {
        paymentIntentId: intent.body.paymentIntentId,
        orderData,
      });
      assertEquals(confirmed.status, 200, JSON.stringify(confirmed.body));
      assertMatch(confirmed.body.order.orderNumber, /\S/);
      // Its two mails (customer, shop) leave through SMTP.
      await waitFor(() => smtp.received.length >= 2, "the order's mails");
      assert(smtp.received.some((m) => m.to.includes("ada@example.com")));

      // An admin signs in and edits a product, with a new image (kept in KV, not on disk).
      const login = await post(`${server.url}/api/superadmins/login`, ADMIN);
      assertEquals(login.status, 200, JSON.stringify(login.body));
      const auth = { Authorization: `Bearer ${login.body.token}` };
      const form = new FormData();
      form.append("price", "654.32");
      form.append("image", new File([PNG], "board.png", { type: "image/png" }));
      const edit = await fetch(`${server.url}/api/products/${board._id}`, {
        method: "PUT",
        headers: auth,
        body: form,
      });
      const edited = await edit.json();
      assertEquals(edit.status, 200, JSON.stringify(edited));
      assertEquals(edited.product.price, 654.32);
      const image = await fetch(`${server.url}${edited.product.image}`);
      assertEquals(image.status, 200);
      assertEquals(new Uint8Array(await image.arrayBuffer()), PNG);
      const shop = await fetch(`${server.url}/shop`);
      assertEquals(shop.status, 200);
      assertStringIncludes(await shop.text(), formatMoney(65432), "the shop shows the new price");
      const home = await fetch(`${server.url}/`);
      assertEquals(home.status, 200);
      await home.body?.cancel();

      assertEquals(await server.stop(), 0, "a clean exit");
      stopped = true;
      const log = server.output();
      assertStringIncludes(log, '"scheduler":"Deno.cron"', "the jobs are crons, as on Deploy");
      for (const refused of ["NotCapable", "Requires write access", "Requires run access"]) {
        assert(!log.includes(refused), `nothing asked for a permission Deploy lacks:\n${log}`);
      }
      assert(!log.includes('"level":"error"'), `no error logged:\n${log}`);
    } finally {
      if (!stopped) await server.stop();
      await smtp.close();
    }
  },
});
