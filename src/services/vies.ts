import { shopDay } from "../domain/shop-time.ts";
import type { VatCheck } from "../domain/tax.ts";
import { normalizeVatNumber, type VatNumber } from "../domain/vat-number.ts";
import { log } from "./log.ts";

/**
 * VIES, the Commission's register of EU VAT numbers, through its REST API
 * (`POST {VIES_URL}/check-vat-number`, the JSON its OpenAPI describes). The seller's own VAT
 * number goes as the requester, so VIES answers a consultation number: the proof, kept with
 * the order, that the buyer's number was checked on the day of the sale. Answers are kept for
 * the shop day in KV (every instance shares them); VIES not answering within the timeout is an
 * answer too ("unavailable": the sale is then taxed), never cached.
 */
export type Vies = ReturnType<typeof createVies>;

/** VIES's request body (CheckVatRequest). */
interface CheckVatRequest {
  countryCode: string;
  vatNumber: string;
  requesterMemberStateCode?: string;
  requesterNumber?: string;
}

/** The parts of VIES's answers (CheckVatResponse, CommonResponse) the shop reads. */
interface CheckVatResponse {
  valid?: boolean;
  requestIdentifier?: string;
  name?: string;
  userError?: string;
  errorWrappers?: { error?: string; message?: string }[];
}

/** VIES's way of saying "a real no" rather than "could not ask". */
const NOT_REGISTERED = new Set(["INVALID", "INVALID_INPUT"]);

const cacheKey = (day: string, vat: string) => ["vies", day, vat] as const;
/** Longer than a day: the key's day ends it; expiry only sweeps old days away. */
const CACHE_MS = 36 * 60 * 60_000;

export function createVies(deps: {
  kv: Deno.Kv;
  /** The API's base, from configuration (never from a request). */
  url: string;
  /** The seller's VAT number, or a placeholder when unset (then no requester is sent). */
  requester: string;
  timeoutMs: number;
  timeZone: string;
}) {
  const requester = normalizeVatNumber(deps.requester);
  const hasRequester = /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(requester);

  async function ask(vat: VatNumber): Promise<VatCheck> {
    const body: CheckVatRequest = { countryCode: vat.prefix, vatNumber: vat.number };
    if (hasRequester) {
      body.requesterMemberStateCode = requester.slice(0, 2);
      body.requesterNumber = requester.slice(2);
    }
    const checkedAt = new Date().toISOString();
    const unavailable = (why: string): VatCheck => {
      log.warn("vies: no answer, the sale is taxed", { vatNumber: vat.value, why });
      return {
        vatNumber: vat.value,
        status: "unavailable",
        consultationNumber: null,
        name: null,
        checkedAt,
      };
    };
    let res: Response;
    let data: CheckVatResponse;
    try {
      res = await fetch(`${deps.url}/check-vat-number`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(deps.timeoutMs),
      });
      data = await res.json() as CheckVatResponse;
    } catch (err) {
      return unavailable(err instanceof Error ? err.name : "network");
    }
    const error = data.errorWrappers?.[0]?.error ?? data.userError;
    if (res.ok && data.valid === true) {
      return {
        vatNumber: vat.value,
        status: "valid",
        consultationNumber: data.requestIdentifier?.trim() || null,
        // VIES prints "---" where a member state does not disclose the name.
        name: data.name && data.name.trim() !== "---" ? data.name.trim() : null,
        checkedAt,
      };
    }
    if (
      (res.ok && data.valid === false &&
        (!error || error === "VALID" || NOT_REGISTERED.has(error))) ||
      (error && NOT_REGISTERED.has(error))
    ) {
      return {
        vatNumber: vat.value,
        status: "invalid",
        consultationNumber: null,
        name: null,
        checkedAt,
      };
    }
    if (error === "INVALID_REQUESTER_INFO") {
      log.error("vies: VIES refuses the seller's VAT number as requester (SELLER_VAT_NUMBER)");
    }
    return unavailable(error ?? `HTTP ${res.status}`);
  }

  return {
    /** VIES's answer about a number (format and checksum checked before), for today. */
    async check(vat: VatNumber): Promise<VatCheck> {
      const day = shopDay(Date.now(), deps.timeZone);
      const cached = await deps.kv.get<VatCheck>(cacheKey(day, vat.value));
      if (cached.value) return cached.value;
      const answer = await ask(vat);
      if (answer.status !== "unavailable") {
        await deps.kv.set(cacheKey(day, vat.value), answer, { expireIn: CACHE_MS });
      }
      return answer;
    },
  };
}
