/**
 * A local stand-in for PISTE and Chorus Pro: the OAuth2 token endpoint (`/api/oauth/token`,
 * client credentials) and the API calls the shop makes (directory search and entry, flow
 * deposit, flow report, supplier's invoice search), answering their JSON. Every API call must
 * carry the token and the `cpro-account` header. The test sets the directory, decides what
 * becomes of each deposited flow (`rejectFlow`) and invoice (`setStatus`), and plays an outage
 * (`down`: every call a 503).
 */
export interface FakeStructure {
  siret: string;
  name: string;
  serviceCodeRequired: boolean;
  engagementNumberRequired: boolean;
}

interface Flow {
  number: string;
  fileName: string;
  pdf: Uint8Array;
  state: string;
  errors: string[];
  invoiceNumber: string | null;
}

export const FAKE_CHORUS_CREDENTIALS = {
  clientId: "piste-client",
  clientSecret: "piste-secret",
  login: "TECH_vectra@cpro.fr",
  password: "tech-password",
};

/** `port`: a port known before the shop starts (a browser test's server env), else any free one. */
export function fakeChorusPro(port = 0) {
  const structures = new Map<string, FakeStructure & { id: number }>();
  const flows: Flow[] = [];
  const invoices = new Map<string, { id: number; status: string; comment?: string }>();
  const control = { down: false };
  const calls: string[] = [];
  let tokens = 0;
  const live = new Set<string>();

  const json = (value: unknown, status = 200) =>
    new Response(JSON.stringify(value), {
      status,
      headers: { "Content-Type": "application/json" },
    });

  /**
   * The Factur-X's invoice number, read from the CII the PDF carries when it is not compressed
   * (Chorus Pro reads it there); else from the file's name, which the shop makes from it.
   */
  function invoiceNumberIn(pdf: Uint8Array): string | null {
    const text = new TextDecoder("latin1").decode(pdf);
    return text.match(/<rsm:ExchangedDocument>\s*<ram:ID>([^<]+)<\/ram:ID>/)?.[1] ?? null;
  }

  function api(path: string, body: Record<string, unknown>): Response {
    switch (path) {
      case "/cpro/structures/v1/rechercher": {
        const wanted = (body.structure as { identifiantStructure: string }).identifiantStructure;
        const s = structures.get(wanted);
        return json({
          codeRetour: 0,
          libelle: "TRA_MSG_00.000",
          listeStructures: s
            ? [{
              idStructureCPP: s.id,
              identifiantStructure: s.siret,
              designationStructure: s.name,
              typeIdentifiantStructure: "SIRET",
            }]
            : [],
        });
      }
      case "/cpro/structures/v1/consulter": {
        const s = [...structures.values()].find((x) => x.id === body.idStructureCPP);
        if (!s) return json({ codeRetour: 1, libelle: "Structure inconnue" }, 400);
        return json({
          codeRetour: 0,
          idStructureCPP: s.id,
          raisonSociale: s.name,
          parametres: {
            codeServiceDoitEtreRenseigne: s.serviceCodeRequired,
            numeroEJDoitEtreRenseigne: s.engagementNumberRequired,
          },
        });
      }
      case "/cpro/factures/v1/deposer/flux": {
        if (body.syntaxeFlux !== "IN_DP_E2_CII_FACTURX" || typeof body.fichierFlux !== "string") {
          return json({ codeRetour: 1, libelle: "Syntaxe du flux invalide" }, 400);
        }
        const pdf = Uint8Array.from(atob(body.fichierFlux), (c) => c.charCodeAt(0));
        const flow: Flow = {
          number: `FLUX-${String(flows.length + 1).padStart(6, "0")}`,
          fileName: String(body.nomFichier),
          pdf,
          state: "IN_INTEGRE",
          errors: [],
          invoiceNumber: invoiceNumberIn(pdf) ?? String(body.nomFichier).replace(/\.pdf$/, ""),
        };
        flows.push(flow);
        if (flow.invoiceNumber && !rejected.has(flow.invoiceNumber)) {
          invoices.set(flow.invoiceNumber, { id: 1000 + flows.length, status: "DEPOSEE" });
        } else {
          flow.state = "IN_REJETE";
          flow.errors = [rejected.get(flow.invoiceNumber ?? "") ?? "Flux illisible"];
        }
        return json({
          codeRetour: 0,
          libelle: "GCU_MSG_01_000",
          numeroFluxDepot: flow.number,
          dateDepot: new Date().toISOString().slice(0, 10),
          syntaxeFlux: body.syntaxeFlux,
        });
      }
      case "/cpro/transverses/v1/consulterCR": {
        const flow = flows.find((f) => f.number === body.numeroFluxDepot);
        if (!flow) return json({ codeRetour: 1, libelle: "Flux inconnu" }, 400);
        return json({
          codeRetour: 0,
          libelle: "TRA_MSG_00.000",
          etatCourantFlux: flow.state,
          ...(flow.errors.length
            ? { listeErreurDP: flow.errors.map((libelleErreurDP) => ({ libelleErreurDP })) }
            : {}),
        });
      }
      case "/cpro/factures/v1/rechercher/fournisseur": {
        const hit = invoices.get(String(body.numeroFacture));
        return json({
          codeRetour: 0,
          libelle: "TRA_MSG_00.000",
          listeFactures: hit
            ? [{
              idFacture: hit.id,
              numeroFacture: body.numeroFacture,
              statut: hit.status,
              ...(hit.comment ? { commentaire: hit.comment } : {}),
            }]
            : [],
        });
      }
    }
    return json({ codeRetour: 1, libelle: "Not found" }, 404);
  }

  /** Invoice numbers whose flow Chorus Pro rejects, with the reason. */
  const rejected = new Map<string, string>();

  const server = Deno.serve({ hostname: "127.0.0.1", port, onListen() {} }, async (req) => {
    const url = new URL(req.url);
    calls.push(url.pathname);
    if (control.down) return json({ error: "Service Unavailable" }, 503);
    if (req.method === "POST" && url.pathname === "/api/oauth/token") {
      const form = new URLSearchParams(await req.text());
      if (
        form.get("grant_type") !== "client_credentials" ||
        form.get("client_id") !== FAKE_CHORUS_CREDENTIALS.clientId ||
        form.get("client_secret") !== FAKE_CHORUS_CREDENTIALS.clientSecret
      ) return json({ error: "invalid_client" }, 401);
      const token = `token-${++tokens}`;
      live.add(token);
      return json({ access_token: token, token_type: "Bearer", expires_in: 3600 });
    }
    const bearer = req.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
    const account = atob(req.headers.get("cpro-account") ?? "");
    if (!live.has(bearer)) return json({ error: "invalid_token" }, 401);
    if (account !== `${FAKE_CHORUS_CREDENTIALS.login}:${FAKE_CHORUS_CREDENTIALS.password}`) {
      return json({ codeRetour: 20001, libelle: "Compte technique invalide" }, 403);
    }
    if (req.method !== "POST") return json({ error: "Method not allowed" }, 405);
    return api(url.pathname, await req.json());
  });

  const origin = `http://127.0.0.1:${server.addr.port}`;
  return {
    settings: {
      ...FAKE_CHORUS_CREDENTIALS,
      tokenUrl: `${origin}/api/oauth/token`,
      apiUrl: origin,
    },
    control,
    calls,
    flows,
    addStructure(s: FakeStructure) {
      structures.set(s.siret, { ...s, id: 25_000 + structures.size });
    },
    /** The flow carrying this invoice will be rejected with `reason`. */
    rejectFlow(invoiceNumber: string, reason: string) {
      rejected.set(invoiceNumber, reason);
    },
    /** The buyer moves the invoice on (SUSPENDUE, MISE_EN_PAIEMENT, ...). */
    setStatus(invoiceNumber: string, status: string, comment?: string) {
      const inv = invoices.get(invoiceNumber);
      if (!inv) throw new Error(`${invoiceNumber} was never deposited`);
      invoices.set(invoiceNumber, { ...inv, status, ...(comment ? { comment } : {}) });
    },
    deposits: (invoiceNumber: string) => flows.filter((f) => f.invoiceNumber === invoiceNumber),
    close: () => server.shutdown(),
  };
}
