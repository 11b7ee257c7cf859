/**
 * A local stand-in for the Commission's VIES REST API (`POST /check-vat-number`): answers as
 * VIES does, from a register of numbers the test sets, and records what it was asked. `down`
 * plays VIES (or a member state's service) not answering; `hang` a VIES that never answers;
 * `delayMs` a slow one. A registered name "---" plays a member state that discloses none.
 * Approximate matching (`traderName`...) answers as most member states do: NOT_PROCESSED,
 * except `matching: true` (VALID when the typed name is the registered one, upper-cased).
 */
export function fakeVies(port = 0) {
  /** Registered numbers, prefix first ("BE0411905847"), and the trader's name. */
  const registered = new Map<string, string>();
  const seen: Record<string, unknown>[] = [];
  const control = { down: false, hang: false, delayMs: 0, matching: false };
  /** Calls being answered now, and the most at once. */
  const load = { inFlight: 0, max: 0 };
  let consultations = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port, onListen() {} }, async (req) => {
    const url = new URL(req.url);
    if (req.method !== "POST" || url.pathname !== "/check-vat-number") {
      return new Response("Not found", { status: 404 });
    }
    const body = await req.json() as Record<string, string>;
    seen.push(body);
    load.inFlight++;
    load.max = Math.max(load.max, load.inFlight);
    try {
      if (control.delayMs) await new Promise((r) => setTimeout(r, control.delayMs));
      return await answer(req, body);
    } finally {
      load.inFlight--;
    }
  });
  async function answer(req: Request, body: Record<string, string>) {
    const json = (value: unknown, status = 200) =>
      new Response(JSON.stringify(value), {
        status,
        headers: { "Content-Type": "application/json" },
      });
    if (control.hang) {
      await new Promise((resolve) => req.signal.addEventListener("abort", resolve));
      return json({});
    }
    if (control.down) {
      return json({
        actionSucceed: false,
        errorWrappers: [{ error: "MS_UNAVAILABLE", message: "The member state is unavailable" }],
      }, 500);
    }
    const key = `${body.countryCode}${body.vatNumber}`;
    const name = registered.get(key);
    const requested = Boolean(body.requesterMemberStateCode && body.requesterNumber);
    return json({
      countryCode: body.countryCode,
      vatNumber: body.vatNumber,
      requestDate: new Date().toISOString(),
      valid: name !== undefined,
      // VIES answers a consultation number only to a requester, and only for a registered one.
      ...(name !== undefined && requested
        ? { requestIdentifier: `WAPIAAAA${String(++consultations).padStart(7, "0")}` }
        : {}),
      name: name ?? "---",
      address: name && name !== "---" ? "Rue de la Loi 200\n1049 Bruxelles" : "---",
      ...(body.traderName
        ? {
          traderName: body.traderName,
          traderNameMatch: !control.matching
            ? "NOT_PROCESSED"
            : body.traderName.toUpperCase() === name?.toUpperCase()
            ? "VALID"
            : "INVALID",
        }
        : {}),
    });
  }
  return {
    url: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`,
    registered,
    seen,
    control,
    load,
    async close() {
      await server.shutdown();
    },
  };
}
export type FakeVies = ReturnType<typeof fakeVies>;
