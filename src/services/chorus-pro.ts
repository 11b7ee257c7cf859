import {
  type EinvoiceTransmission,
  withFailedAttempt,
  withStatus,
} from "../domain/einvoice-transmission.ts";
import { CHORUS_FLOW_STATES, chorusStatus, POLL_INTERVAL_MS } from "../domain/chorus-pro-status.ts";
import { DomainError } from "../domain/errors.ts";
import type { InvoiceDocument } from "../domain/invoice.ts";
import {
  missingForStructure,
  type PublicBody,
  type StructureRules,
} from "../domain/public-buyer.ts";
import type { EinvoiceTransmissionStore } from "../store/einvoice-transmissions.ts";
import type { OrderWriteHook } from "../store/orders.ts";
import { log } from "./log.ts";

/**
 * Chorus Pro through the PISTE API: the directory (what a public structure asks of its
 * invoices), the deposit of each public buyer's Factur-X, and the follow-up of its status. The
 * request and answer fields are those of the AIFE's published API (docs/chorus-pro.md lists
 * what could not be confirmed).
 */

/** Standard base64 (the API's `fichierFlux`, the `cpro-account` header). */
function encodeBase64(data: Uint8Array | string): string {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export interface ChorusProSettings {
  clientId: string;
  clientSecret: string;
  /** PISTE's token endpoint (`.../api/oauth/token`). */
  tokenUrl: string;
  /** PISTE's API base: qualification (sandbox-api.piste.gouv.fr) or production. */
  apiUrl: string;
  /** The Chorus Pro technical account. */
  login: string;
  password: string;
  /** When the technical account's password expires (YYYY-MM-DD), to warn staff. */
  passwordExpires?: string;
}

/** Chorus Pro could not be reached, or answered an error that may pass (5xx, 429). */
export class ChorusProUnavailable extends Error {}
/** Chorus Pro refused the request itself (4xx): sending it again gives the same answer. */
export class ChorusProRefused extends Error {}

/** How long a structure's directory entry is kept (the issue: a day). */
export const DIRECTORY_TTL_MS = 24 * 3600_000;
/** How long one instance holds a transmission while it deposits or polls it. */
const LEASE_MS = 5 * 60_000;
/** How long Chorus Pro may take to answer one call. */
const TIMEOUT_MS = 20_000;

const directoryKey = (siret: string) => ["chorus_structure", siret] as const;

export function createChorusProClient(settings: ChorusProSettings) {
  let token: { value: string; until: number } | null = null;
  const api = settings.apiUrl.replace(/\/+$/, "");
  const account = encodeBase64(`${settings.login}:${settings.password}`);

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new ChorusProUnavailable(`Chorus Pro unreachable: ${(err as Error).message}`);
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const res = await send(settings.tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        scope: "openid",
      }),
    });
    if (!res.ok) {
      const text = (await res.text()).slice(0, 300);
      const E = res.status >= 500 ? ChorusProUnavailable : ChorusProRefused;
      throw new E(`PISTE token refused (${res.status}): ${text}`);
    }
    const body = await res.json() as { access_token: string; expires_in?: number };
    // Renewed a minute before PISTE's expiry (an hour), so no call carries a dying token.
    token = {
      value: body.access_token,
      until: Date.now() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000,
    };
    return token.value;
  }

  /** One JSON call of the Chorus Pro API. */
  async function call<T>(path: string, body: unknown, retried = false): Promise<T> {
    const res = await send(`${api}${path}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${await accessToken()}`,
        "cpro-account": account,
        "Content-Type": "application/json;charset=utf-8",
        Accept: "application/json",
      },
      body: JSON.stringify(body),
    });
    if (res.status === 401 && !retried) {
      token = null;
      return call(path, body, true);
    }
    if (res.status >= 500 || res.status === 429) {
      throw new ChorusProUnavailable(`Chorus Pro ${path}: ${res.status}`);
    }
    const text = await res.text();
    if (!res.ok) {
      throw new ChorusProRefused(`Chorus Pro ${path}: ${res.status} ${text.slice(0, 300)}`);
    }
    return JSON.parse(text) as T;
  }

  return {
    /** The structure of a SIRET and what its invoices must carry; null when unknown. */
    async structure(siret: string): Promise<StructureRules | null> {
      const found = await call<{
        listeStructures?: { idStructureCPP: number; designationStructure?: string }[];
      }>("/cpro/structures/v1/rechercher", {
        structure: { identifiantStructure: siret, typeIdentifiantStructure: "SIRET" },
        restreindreStructuresPrivees: false,
      });
      const first = found.listeStructures?.[0];
      if (!first) return null;
      const entry = await call<{
        raisonSociale?: string;
        parametres?: {
          codeServiceDoitEtreRenseigne?: boolean;
          numeroEJDoitEtreRenseigne?: boolean;
        };
      }>("/cpro/structures/v1/consulter", {
        idStructureCPP: first.idStructureCPP,
        codeLangue: "fr",
      });
      return {
        name: entry.raisonSociale ?? first.designationStructure ?? siret,
        serviceCodeRequired: entry.parametres?.codeServiceDoitEtreRenseigne === true,
        engagementNumberRequired: entry.parametres?.numeroEJDoitEtreRenseigne === true,
        services: [],
      };
    },

    /** Deposits a Factur-X PDF; returns the flow's deposit number. */
    async deposit(pdf: Uint8Array, fileName: string): Promise<string> {
      const res = await call<{ codeRetour?: number; libelle?: string; numeroFluxDepot?: string }>(
        "/cpro/factures/v1/deposer/flux",
        {
          fichierFlux: encodeBase64(pdf),
          nomFichier: fileName,
          syntaxeFlux: "IN_DP_E2_CII_FACTURX",
          avecSignature: false,
        },
      );
      if (!res.numeroFluxDepot) {
        throw new ChorusProRefused(`Deposit refused: ${res.libelle ?? res.codeRetour}`);
      }
      return res.numeroFluxDepot;
    },

    /** The state of a deposited flow: integrated, rejected (with why), or still in progress. */
    async flow(numeroFluxDepot: string): Promise<{ state: string; reason?: string }> {
      const res = await call<{
        etatCourantFlux?: string;
        libelle?: string;
        listeErreurDP?: { libelleErreurDP?: string }[];
      }>("/cpro/transverses/v1/consulterCR", {
        numeroFluxDepot,
        syntaxeFlux: "IN_DP_E2_CII_FACTURX",
      });
      const errors = (res.listeErreurDP ?? []).map((e) => e.libelleErreurDP).filter(Boolean);
      return {
        state: res.etatCourantFlux ?? "",
        ...(errors.length
          ? { reason: errors.join("; ") }
          : res.libelle
          ? { reason: res.libelle }
          : {}),
      };
    },

    /** The invoice as the supplier's search finds it: its id, status and the status's comment. */
    async invoice(
      numeroFacture: string,
    ): Promise<{ id: string; status: string; comment?: string } | null> {
      const res = await call<{
        listeFactures?: {
          idFacture: number | string;
          numeroFacture: string;
          statut: string;
          commentaire?: string;
        }[];
      }>("/cpro/factures/v1/rechercher/fournisseur", {
        numeroFacture,
        pagination: { nbResultatsParPage: 10, pageResultatDemandee: 1 },
      });
      const hit = res.listeFactures?.find((f) => f.numeroFacture === numeroFacture);
      return hit
        ? {
          id: String(hit.idFacture),
          status: hit.statut,
          ...(hit.commentaire ? { comment: hit.commentaire } : {}),
        }
        : null;
    },
  };
}

export type ChorusProClient = ReturnType<typeof createChorusProClient>;

interface DeskDeps {
  kv: Deno.Kv;
  client: ChorusProClient;
  transmissions: EinvoiceTransmissionStore;
  /** The issued document and its Factur-X PDF. */
  pdf: (number: string) => Promise<{ doc: InvoiceDocument; bytes: Uint8Array }>;
}

/**
 * The work around the client: the directory answer kept a day, the check of an order's public
 * body, and the worker that deposits each queued document once and follows its status.
 */
export function createChorusProDesk(deps: DeskDeps) {
  const { kv, client, transmissions } = deps;

  async function rules(siret: string): Promise<StructureRules | null> {
    const kept = await kv.get<{ at: number; rules: StructureRules | null }>(directoryKey(siret));
    if (kept.value && kept.value.at + DIRECTORY_TTL_MS > Date.now()) return kept.value.rules;
    const answer = await client.structure(siret);
    await kv.set(directoryKey(siret), { at: Date.now(), rules: answer }, {
      expireIn: DIRECTORY_TTL_MS * 2,
    });
    return answer;
  }

  /**
   * Refuses (422, one field error per missing field) a public body the directory does not know
   * or whose structure asks for what the buyer left out. When Chorus Pro cannot be reached the
   * order goes on: the deposit will tell (and the list flag it).
   */
  async function checkPublicBody(body: PublicBody, prefix: string): Promise<void> {
    let found: StructureRules | null;
    try {
      found = await rules(body.siret);
    } catch (err) {
      log.warn("chorus pro directory unreachable", { error: (err as Error).message });
      return;
    }
    const errors = found
      ? missingForStructure(body, found, prefix)
      : [{ field: `${prefix}.siret`, message: "No Chorus Pro structure has this SIRET" }];
    if (errors.length) {
      throw new DomainError(422, "invalid_public_body", errors[0].message, errors);
    }
  }

  /** One step of a leased transmission: what Chorus Pro says next, as the record's change. */
  async function step(tx: EinvoiceTransmission, now: string): Promise<EinvoiceTransmission> {
    const next = (ms: number) => new Date(Date.parse(now) + ms).toISOString();
    let flowNumber = tx.remote.numeroFluxDepot;
    if (!flowNumber) {
      // A deposit whose answer was lost (a timeout, a crash) may have reached Chorus Pro: its
      // supplier search finds the invoice, and it is not deposited a second time.
      if (tx.attempts > 0) {
        const known = await client.invoice(tx.documentNumber);
        if (known) {
          return withStatus(tx, {
            ...chorusStatus(known.status, known.comment),
            nextAttemptAt: next(POLL_INTERVAL_MS),
            remote: { idFacture: known.id },
          }, now);
        }
      }
      const { bytes, doc } = await deps.pdf(tx.documentNumber);
      flowNumber = await client.deposit(bytes, `${doc.number}.pdf`);
      return withStatus(tx, {
        status: { code: "DEPOSEE", label: "Deposited: Chorus Pro is checking the flow" },
        nextAttemptAt: next(60_000),
        remote: { numeroFluxDepot: flowNumber },
      }, now);
    }
    if (!tx.remote.idFacture) {
      const flow = await client.flow(flowNumber);
      if (flow.state === CHORUS_FLOW_STATES.rejected) {
        return withStatus(tx, {
          status: { code: "REJETEE", label: "Flow rejected by Chorus Pro", reason: flow.reason },
          flagged: true,
          settled: true,
          nextAttemptAt: null,
        }, now);
      }
      if (flow.state !== CHORUS_FLOW_STATES.integrated) {
        return withStatus(tx, { status: tx.status, nextAttemptAt: next(60_000) }, now);
      }
    }
    const found = await client.invoice(tx.documentNumber);
    if (!found) return withStatus(tx, { status: tx.status, nextAttemptAt: next(60_000) }, now);
    return withStatus(tx, {
      ...chorusStatus(found.status, found.comment),
      nextAttemptAt: next(POLL_INTERVAL_MS),
      remote: { idFacture: found.id },
    }, now);
  }

  return {
    checkPublicBody,
    rules,

    /**
     * Deposits and polls what is due, each taken by one instance only (the lease); returns how
     * many were handled.
     */
    async tick(now = new Date()): Promise<number> {
      let handled = 0;
      for (const due of await transmissions.due(now.toISOString())) {
        if (due.channel !== "chorus_pro") continue;
        const leased = await transmissions.lease(due.id, LEASE_MS, now);
        if (!leased) continue;
        const at = now.toISOString();
        let next: EinvoiceTransmission;
        try {
          next = await step(leased, at);
        } catch (err) {
          const message = (err as Error).message;
          log.warn("chorus pro attempt failed", {
            document: leased.documentNumber,
            error: message,
          });
          next = err instanceof ChorusProRefused
            ? withStatus(leased, {
              status: { code: "REFUSED", label: "Refused by Chorus Pro", reason: message },
              flagged: true,
              settled: true,
              nextAttemptAt: null,
            }, at)
            : withFailedAttempt(leased, message, at);
        }
        if (await transmissions.save(leased, next)) handled++;
      }
      return handled;
    },
  };
}

export type ChorusProDesk = ReturnType<typeof createChorusProDesk>;

/**
 * The order write hook that queues a public buyer's invoice or credit note for Chorus Pro in
 * the commit that issues it: one transmission per document number, never two; none for a
 * document the approved platform carries (`viaPlatform`: from PA_FROM on, it routes B2G to
 * Chorus Pro itself), so no document is deposited through both.
 */
export function queueForChorusPro(
  invoices: { issuedIn(op: Deno.AtomicOperation): readonly InvoiceDocument[] },
  transmissions: EinvoiceTransmissionStore,
  viaPlatform: (doc: InvoiceDocument) => boolean,
): OrderWriteHook {
  return (op, _before, after) => {
    for (const doc of invoices.issuedIn(op)) {
      // Orders staged together share an operation: each queues its own documents.
      if (doc.orderId !== after?.id || !doc.buyer.siret || viaPlatform(doc)) continue;
      transmissions.add(op, {
        documentNumber: doc.number,
        orderId: doc.orderId,
        kind: doc.kind,
        channel: "chorus_pro",
      });
    }
    return Promise.resolve();
  };
}
