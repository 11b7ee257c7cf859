import { shopDay } from "../domain/shop-time.ts";
import type { VatCheck } from "../domain/tax.ts";
import { normalizeVatNumber, type VatNumber } from "../domain/vat-number.ts";
import { sameTraderName } from "../domain/trader-name.ts";
import { createRateLimitStore } from "../store/rate-limits.ts";
import { log } from "./log.ts";

/**
 * VIES, the Commission's register of EU VAT numbers, through its REST API
 * (`POST {VIES_URL}/check-vat-number`, the JSON its OpenAPI describes). The seller's own VAT
 * number goes as the requester, so VIES answers a consultation number: the proof, kept with
 * the order, that the buyer's number was checked on the day of the sale. An order's check is
 * its own consultation, with the company's name and address for VIES's approximate matching
 * (`traderName`, `traderStreet`, `traderPostalCode`, `traderCity`); a quote's (a number
 * alone) is kept for the shop day in KV (every instance shares it). VIES not answering within
 * the timeout is an answer too ("unavailable": the sale is then taxed), never kept.
 *
 * VIES's traffic is bounded: one call at a time per number (quotes asking about a number being
 * checked share its answer), at most `maxConcurrent` calls at once per instance, and at most
 * `perMinute` calls a minute for the whole shop (counted in KV). Past a bound, or waiting
 * longer than the timeout for a turn, the answer is "unavailable".
 */
export type Vies = ReturnType<typeof createVies>;

/** The company as the buyer typed it: sent for VIES's approximate matching. */
export interface Trader {
  name: string;
  street?: string;
  postcode?: string;
  city?: string;
}

/** VIES's request body (CheckVatRequest). */
interface CheckVatRequest {
  countryCode: string;
  vatNumber: string;
  requesterMemberStateCode?: string;
  requesterNumber?: string;
  traderName?: string;
  traderStreet?: string;
  traderPostalCode?: string;
  traderCity?: string;
}

/** VIES's approximate matching of one field: VALID, INVALID or NOT_PROCESSED. */
type MatchType = "VALID" | "INVALID" | "NOT_PROCESSED";

/** The parts of VIES's answers (CheckVatResponse, CommonResponse) the shop reads. */
interface CheckVatResponse {
  valid?: boolean;
  requestIdentifier?: string;
  name?: string;
  address?: string;
  traderNameMatch?: MatchType;
  userError?: string;
  errorWrappers?: { error?: string; message?: string }[];
}

/** A VIES text, or null where a member state does not disclose it ("---"). */
const disclosed = (text: string | undefined) => {
  const t = text?.replace(/\s*\n\s*/g, ", ").trim();
  return t && t !== "---" ? t : null;
};

/**
 * Whether the typed name is VIES's: its own matching when it made one, else the shop's
 * comparison with the name it gives; unknown when neither can tell.
 */
function nameMatchOf(trader: Trader | undefined, data: CheckVatResponse): VatCheck["nameMatch"] {
  if (!trader) return "unknown";
  if (data.traderNameMatch === "VALID") return "match";
  const registered = disclosed(data.name);
  if (registered) return sameTraderName(trader.name, registered) ? "match" : "mismatch";
  return data.traderNameMatch === "INVALID" ? "mismatch" : "unknown";
}

/** VIES's way of saying "a real no" rather than "could not ask". */
const NOT_REGISTERED = new Set(["INVALID", "INVALID_INPUT"]);

const cacheKey = (day: string, vat: string) => ["vies", day, vat] as const;
/** Longer than a day: the key's day ends it; expiry only sweeps old days away. */
const CACHE_MS = 36 * 60 * 60_000;

/** At most this many calls to VIES at once per instance. */
export const VIES_MAX_CONCURRENT = 4;
/** At most this many calls to VIES a minute for the whole shop. */
export const VIES_PER_MINUTE = 60;

export function createVies(deps: {
  kv: Deno.Kv;
  /** The API's base, from configuration (never from a request). */
  url: string;
  /** The seller's VAT number, or a placeholder when unset (then no requester is sent). */
  requester: string;
  timeoutMs: number;
  timeZone: string;
  maxConcurrent?: number;
  perMinute?: number;
}) {
  const requester = normalizeVatNumber(deps.requester);
  const hasRequester = /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(requester);
  const maxConcurrent = deps.maxConcurrent ?? VIES_MAX_CONCURRENT;
  const perMinute = deps.perMinute ?? VIES_PER_MINUTE;
  const limits = createRateLimitStore(deps.kv);

  const unavailable = (vat: VatNumber, why: string): VatCheck => {
    log.warn("vies: no answer, the sale is taxed", { vatNumber: vat.value, why });
    return {
      vatNumber: vat.value,
      status: "unavailable",
      consultationNumber: null,
      name: null,
      checkedAt: new Date().toISOString(),
    };
  };

  async function ask(vat: VatNumber, trader: Trader | undefined): Promise<VatCheck> {
    const body: CheckVatRequest = { countryCode: vat.prefix, vatNumber: vat.number };
    if (hasRequester) {
      body.requesterMemberStateCode = requester.slice(0, 2);
      body.requesterNumber = requester.slice(2);
    }
    if (trader) {
      body.traderName = trader.name;
      if (trader.street) body.traderStreet = trader.street;
      if (trader.postcode) body.traderPostalCode = trader.postcode;
      if (trader.city) body.traderCity = trader.city;
    }
    const checkedAt = new Date().toISOString();
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
      return unavailable(vat, err instanceof Error ? err.name : "network");
    }
    const error = data.errorWrappers?.[0]?.error ?? data.userError;
    if (res.ok && data.valid === true) {
      return {
        vatNumber: vat.value,
        status: "valid",
        consultationNumber: data.requestIdentifier?.trim() || null,
        name: disclosed(data.name),
        address: disclosed(data.address),
        nameMatch: nameMatchOf(trader, data),
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
    return unavailable(vat, error ?? `HTTP ${res.status}`);
  }

  // One call at a time per number: each waits for the one before it.
  const lanes = new Map<string, Promise<void>>();
  // Quotes about a number share the answer being fetched.
  const sharedQuotes = new Map<string, Promise<VatCheck>>();
  let active = 0;
  const waiting: (() => void)[] = [];

  /** Resolves true when `p` settles before `ms`, false after it (its timer cleared). */
  function within(p: Promise<unknown>, ms: number): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return Promise.race([
      p.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
    ]).finally(() => clearTimeout(timer));
  }

  /** A place among the instance's concurrent calls, waited for until `deadline` at most. */
  async function slot(deadline: number): Promise<boolean> {
    if (active < maxConcurrent) {
      active++;
      return true;
    }
    let grant!: () => void;
    const granted = new Promise<void>((resolve) => (grant = resolve));
    waiting.push(grant);
    if (await within(granted, Math.max(0, deadline - Date.now()))) return true;
    const at = waiting.indexOf(grant);
    if (at >= 0) waiting.splice(at, 1);
    else {
      // Granted as the wait ended: hand the place on.
      free();
    }
    return false;
  }

  function free() {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }

  /** VIES asked within the bounds, in the number's lane; `unavailable` past them. */
  async function bounded(vat: VatNumber, trader: Trader | undefined): Promise<VatCheck> {
    const deadline = Date.now() + deps.timeoutMs;
    const before = lanes.get(vat.value) ?? Promise.resolve();
    let done!: () => void;
    const mine = before.then(() => new Promise<void>((resolve) => (done = resolve)));
    lanes.set(vat.value, mine);
    try {
      if (!await within(before, Math.max(0, deadline - Date.now()))) {
        return unavailable(vat, "busy");
      }
      if (!await slot(deadline)) return unavailable(vat, "busy");
      try {
        const counted = await limits.hit("vies", "shop", perMinute, 60_000);
        if (!counted.allowed) return unavailable(vat, "shop-wide limit");
        return await ask(vat, trader);
      } finally {
        free();
      }
    } finally {
      // Its turn may not have come (it waited too long): the next one still waits for `before`.
      before.then(() => done());
      mine.then(() => lanes.get(vat.value) === mine && lanes.delete(vat.value));
    }
  }

  async function quoteCheck(vat: VatNumber): Promise<VatCheck> {
    const day = shopDay(Date.now(), deps.timeZone);
    const cached = await deps.kv.get<VatCheck>(cacheKey(day, vat.value));
    if (cached.value) return cached.value;
    const answer = await bounded(vat, undefined);
    if (answer.status !== "unavailable") {
      await deps.kv.set(cacheKey(day, vat.value), answer, { expireIn: CACHE_MS });
    }
    return answer;
  }

  return {
    /**
     * VIES's answer about a number (format and checksum checked before): with the company's
     * name and address, an order's own consultation; without, a quote's, kept for the day.
     */
    async check(vat: VatNumber, trader?: Trader): Promise<VatCheck> {
      if (trader) return await bounded(vat, trader);
      const shared = sharedQuotes.get(vat.value);
      if (shared) return await shared;
      const asking = quoteCheck(vat).finally(() => sharedQuotes.delete(vat.value));
      sharedQuotes.set(vat.value, asking);
      return await asking;
    },
  };
}
