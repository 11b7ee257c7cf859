import { reminderDaysSetting } from "../domain/receivables.ts";
import type { ChorusProSettings } from "./chorus-pro.ts";
import { compactIban, isBic, isIban } from "../domain/bank-account.ts";
import {
  daysSetting,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  DEFAULT_TERMS_DAYS,
  MAX_QUOTE_VALIDITY_DAYS,
  MAX_TERMS_DAYS,
} from "../domain/payment-terms.ts";
import { LOG_LEVELS, type LogLevel } from "./log.ts";

import { DEFAULT_SHOP_TIMEZONE } from "../domain/shop-time.ts";
import { parseTrustProxy } from "../domain/proxy.ts";
import { type Seller, SELLER_ENV } from "../domain/invoice.ts";
import {
  isWebAddress,
  LEGAL_NOTICE_ENV,
  type LegalNoticeSettings,
} from "../domain/legal-notice.ts";
import { parseVatRates, type RateOverride } from "../domain/vat-rates.ts";
import { isEmailAddress } from "../domain/email-pattern.ts";
import { VAT_REGIMES, type VatRegime } from "../domain/approved-platform.ts";

function validTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    throw new Error(`Invalid SHOP_TIMEZONE: ${zone}`);
  }
}

/** Deno Deploy sets DENO_DEPLOYMENT_ID in every deployment (and nothing else does). */
export function onDeploy(env: Record<string, string | undefined> = Deno.env.toObject()): boolean {
  return Boolean(env.DENO_DEPLOYMENT_ID?.trim());
}

/** An address setting: one address under the app's email rule, or the server does not start. */
function oneAddress(name: string, value: string): string {
  if (!isEmailAddress(value)) throw new Error(`Invalid ${name}: one email address is expected`);
  return value;
}

/** The product and framework name when SITE_NAME is not set. */
export const DEFAULT_SITE_NAME = "Vectra";

/** Everything the server reads from its environment, in one typed place. */
export interface Config {
  port: number;
  /** Unset on Deno Deploy without KV_PATH: the deployment's managed KV (see store/kv.ts). */
  kvPath?: string;
  /**
   * KV_ACCESS_TOKEN: the access token of a KV Connect URL in KV_PATH, where DENO_KV_ACCESS_TOKEN
   * cannot be set (Deno Deploy refuses variables named DENO_...).
   */
  kvAccessToken?: string;
  siteUrl: string;
  siteName: string;
  /** Unset means: generate once and keep in KV (see services/secrets.ts). */
  jwtSecret?: string;
  shopEnv: "production" | "development";
  stripe: {
    secretKey?: string;
    publishableKey?: string;
    webhookSecret?: string;
    /** Internal, for tests: where the Stripe SDK sends its API calls (a local fake server). */
    apiBase?: string;
  };
  smtpUrl?: string;
  mailFrom: string;
  shopEmail: string;
  adminEmail: string;
  adminPassword?: string;
  /**
   * How many proxies in front append to X-Forwarded-For (0: none, the peer is the client); the
   * client address and X-Forwarded-Proto are read from them only (see domain/proxy.ts).
   */
  trustProxy: number;
  /** The least severe log lines written (LOG_LEVEL: debug, info, warn, error). */
  logLevel: LogLevel;
  /** ISO codes left out of every country list (the spec excludes Israel). */
  excludedCountries: string[];
  /** The shop's days (order filters, analytics) are those of this IANA time zone. */
  shopTimeZone: string;
  /** The seller's legal identity on invoices (SELLER_*); unset fields stop a production start. */
  seller: Partial<Seller>;
  /**
   * The legal notice's and the mediation clause's further settings (SELLER_LEGAL_FORM, ...,
   * SELLER_MEDIATOR_URL); unset fields stop a production start too.
   */
  legalNotice: Partial<LegalNoticeSettings>;
  /**
   * SELLER_EINVOICE_ADDRESS: the seller's address in the French e-invoicing directory (BT-34,
   * scheme 0225) when it is not its bare SIREN (a SIREN with a routing suffix); unset: the SIREN.
   */
  sellerEinvoiceAddress?: string;
  /**
   * Quotes and orders on account: the seller's bank account (SELLER_IBAN, SELLER_BIC; bank
   * transfers are on once SELLER_IBAN is set), how long a quote is valid (QUOTE_VALIDITY_DAYS)
   * and the default payment terms (PAYMENT_TERMS_DAYS, at most 60).
   */
  transfers: {
    iban?: string;
    bic?: string;
    quoteValidityDays: number;
    termsDays: number;
    /** REMINDER_DAYS: days after the due date an unpaid invoice's reminders leave (1,15). */
    reminderDays: number[];
  };
  /**
   * Chorus Pro (CHORUS_PRO_*): public buyers' invoices deposited through PISTE; null (off)
   * unless configured. docs/chorus-pro.md.
   */
  chorusPro: ChorusProSettings | null;
  /** VAT settings: see docs/money-and-law.md, "Taxes". */
  vat: {
    /** VAT_RATES: standard rates the built-in table does not know yet. */
    rates: RateOverride[];
    /** VAT_OSS=on: registered for the One-Stop Shop, destination rates for EU consumers. */
    oss: boolean;
    /** VIES_URL: the VIES REST API's base (the Commission's by default; a fake in tests). */
    viesUrl: string;
    /** How long a VIES answer may take before the sale is taxed as if it had none. */
    viesTimeoutMs: number;
    /** VAT_REGIME: the seller's VAT regime, which sets the e-reporting cadence. */
    regime: VatRegime;
  };
  /**
   * The approved platform (PA_URL, PA_CLIENT_ID, PA_CLIENT_SECRET, PA_FROM; PA_TOKEN_URL):
   * null, the default, sends nothing. See docs/e-invoicing.md.
   */
  platform: {
    url: string;
    tokenUrl: string;
    clientId: string;
    clientSecret: string;
    from: string;
  } | null;
}

/** The Commission's VIES REST API. */
export const DEFAULT_VIES_URL = "https://ec.europa.eu/taxation_customs/vies/rest-api";

/** A value that must pass `valid` when set (normalized by `clean`); anything else stops the start. */
function checked(
  name: string,
  value: string | undefined,
  valid: (v: string) => boolean,
  clean: (v: string) => string,
): string | undefined {
  if (value === undefined) return undefined;
  if (!valid(value)) throw new Error(`Invalid ${name}: ${value}`);
  return clean(value);
}

/** "on"/"off", "true"/"false", "1"/"0"; anything else stops the start. */
function flag(name: string, value: string | undefined): boolean {
  const v = value?.toLowerCase() ?? "off";
  if (["on", "true", "1", "yes"].includes(v)) return true;
  if (["off", "false", "0", "no"].includes(v)) return false;
  throw new Error(`Invalid ${name}: ${value} (on or off)`);
}

/** A directory address as the French rules accept it (BR-FR-23): letters, digits, - _ . */
function einvoiceAddress(value: string | undefined): string | undefined {
  if (value !== undefined && !/^[A-Za-z0-9._-]{1,125}$/.test(value)) {
    throw new Error(
      `Invalid SELLER_EINVOICE_ADDRESS: ${value} (the directory address: letters, digits, - _ .)`,
    );
  }
  return value;
}

/**
 * Why SELLER_VAT_ON_DEBITS=on is refused: the shop sells goods, whose VAT is due on delivery
 * whatever the seller opted for (art. 269 CGI); the option for VAT on debits covers services
 * only, so no invoice of the shop may state it.
 */
export const VAT_ON_DEBITS_REFUSED =
  "Invalid SELLER_VAT_ON_DEBITS: the shop sells goods, whose VAT is due on delivery (art. 269 CGI); the option for VAT on debits covers services only. Remove the setting (or set it off).";

/** PISTE's qualification endpoints: where a configuration without URLs goes (never production). */
export const CHORUS_PRO_QUALIFICATION = {
  tokenUrl: "https://sandbox-oauth.piste.gouv.fr/api/oauth/token",
  apiUrl: "https://sandbox-api.piste.gouv.fr",
};

/**
 * Chorus Pro's settings: all of the credentials or none. Production refuses a half
 * configuration, and asks for the URLs (else it would deposit on qualification); elsewhere a
 * half configuration stops the start too, as it would fail on the first deposit.
 */
function chorusProSettings(
  get: (name: string) => string | undefined,
  production: boolean,
): ChorusProSettings | null {
  const required = {
    clientId: "CHORUS_PRO_CLIENT_ID",
    clientSecret: "CHORUS_PRO_CLIENT_SECRET",
    login: "CHORUS_PRO_LOGIN",
    password: "CHORUS_PRO_PASSWORD",
  } as const;
  const urls = { tokenUrl: "CHORUS_PRO_TOKEN_URL", apiUrl: "CHORUS_PRO_API_URL" } as const;
  const expires = get("CHORUS_PRO_PASSWORD_EXPIRES");
  const all = { ...required, ...urls };
  const set = Object.values(all).filter((name) => get(name));
  if (set.length === 0 && !expires) return null;
  const needed = production ? Object.values(all) : Object.values(required);
  const missing = needed.filter((name) => !get(name));
  if (missing.length) {
    throw new Error(
      `Chorus Pro is half configured: set ${missing.join(", ")} too, or none of CHORUS_PRO_*`,
    );
  }
  for (const name of Object.values(urls)) {
    const v = get(name);
    if (v && !isWebAddress(v)) throw new Error(`Invalid ${name}: an http(s) address is expected`);
  }
  if (expires && !/^\d{4}-\d{2}-\d{2}$/.test(expires)) {
    throw new Error(`Invalid CHORUS_PRO_PASSWORD_EXPIRES: ${expires} (YYYY-MM-DD)`);
  }
  return {
    clientId: get(required.clientId)!,
    clientSecret: get(required.clientSecret)!,
    login: get(required.login)!,
    password: get(required.password)!,
    tokenUrl: get(urls.tokenUrl) ?? CHORUS_PRO_QUALIFICATION.tokenUrl,
    apiUrl: get(urls.apiUrl) ?? CHORUS_PRO_QUALIFICATION.apiUrl,
    ...(expires ? { passwordExpires: expires } : {}),
  };
}

const PLATFORM_ENV = ["PA_URL", "PA_CLIENT_ID", "PA_CLIENT_SECRET", "PA_FROM"] as const;

/**
 * The approved platform's settings: all four, or none (off). Half a configuration stops a
 * production start (documents would silently not be sent); elsewhere it leaves sending off.
 */
function platformSettings(get: (name: string) => string | undefined, production: boolean) {
  const tokenUrl = get("PA_TOKEN_URL");
  const missing = PLATFORM_ENV.filter((name) => !get(name));
  if (missing.length === PLATFORM_ENV.length) return null;
  if (missing.length) {
    if (!production) return null;
    throw new Error(
      `Incomplete approved platform settings: ${missing.join(", ")} unset (set all of ${
        PLATFORM_ENV.join(", ")
      }, or none)`,
    );
  }
  const web = (name: string) => {
    const v = get(name)!.replace(/\/+$/, "");
    if (!isWebAddress(v)) throw new Error(`Invalid ${name}: an http(s) address is expected`);
    return v;
  };
  const url = web("PA_URL");
  const from = get("PA_FROM")!;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || Number.isNaN(Date.parse(from))) {
    throw new Error(`Invalid PA_FROM: ${from} (a date, YYYY-MM-DD)`);
  }
  return {
    url,
    tokenUrl: tokenUrl ? web("PA_TOKEN_URL") : `${url}/oauth/token`,
    clientId: get("PA_CLIENT_ID")!,
    clientSecret: get("PA_CLIENT_SECRET")!,
    from,
  };
}

function vatRegime(value: string | undefined): VatRegime {
  const v = (value ?? "monthly").toLowerCase();
  if (!(VAT_REGIMES as readonly string[]).includes(v)) {
    throw new Error(`Invalid VAT_REGIME: ${value} (one of ${VAT_REGIMES.join(", ")})`);
  }
  return v as VatRegime;
}

export function loadConfig(env: Record<string, string | undefined> = Deno.env.toObject()): Config {
  const get = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  if (flag("SELLER_VAT_ON_DEBITS", get("SELLER_VAT_ON_DEBITS"))) {
    throw new Error(VAT_ON_DEBITS_REFUSED);
  }
  const port = Number(get("PORT") ?? 8000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`Invalid PORT: ${env.PORT}`);
  }
  const logLevel = (get("LOG_LEVEL") ?? "info").toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`Invalid LOG_LEVEL: ${env.LOG_LEVEL} (one of ${LOG_LEVELS.join(", ")})`);
  }
  const siteUrl = (get("PUBLIC_SITE_URL") ?? `http://localhost:${port}`).replace(/\/+$/, "");
  return {
    port,
    kvPath: get("KV_PATH") ?? (onDeploy(env) ? undefined : "./data/shop.kv"),
    kvAccessToken: get("KV_ACCESS_TOKEN"),
    siteUrl,
    siteName: get("SITE_NAME") ?? DEFAULT_SITE_NAME,
    jwtSecret: get("JWT_SECRET"),
    shopEnv: get("SHOP_ENV") === "production" ? "production" : "development",
    stripe: {
      secretKey: get("STRIPE_SECRET_KEY"),
      publishableKey: get("STRIPE_PUBLISHABLE_KEY"),
      webhookSecret: get("STRIPE_WEBHOOK_SECRET"),
      apiBase: get("STRIPE_API_BASE"),
    },
    smtpUrl: get("SMTP_URL"),
    mailFrom: get("MAIL_FROM") ?? "Shop <shop@localhost>",
    shopEmail: oneAddress("SHOP_EMAIL", get("SHOP_EMAIL") ?? "shop@localhost"),
    adminEmail: oneAddress("ADMIN_EMAIL", get("ADMIN_EMAIL") ?? "admin@localhost"),
    adminPassword: get("ADMIN_PASSWORD"),
    trustProxy: parseTrustProxy(get("TRUST_PROXY")?.toLowerCase()),
    logLevel,
    shopTimeZone: validTimeZone(get("SHOP_TIMEZONE") ?? DEFAULT_SHOP_TIMEZONE),
    seller: Object.fromEntries(
      Object.entries(SELLER_ENV).flatMap(([field, name]) => {
        const v = get(name);
        return v ? [[field, v]] : [];
      }),
    ),
    legalNotice: Object.fromEntries(
      Object.entries(LEGAL_NOTICE_ENV).flatMap(([field, name]) => {
        const v = get(name);
        if (v && field === "mediatorUrl" && !isWebAddress(v)) {
          throw new Error(`Invalid ${name}: an http(s) address is expected`);
        }
        return v ? [[field, v]] : [];
      }),
    ),
    sellerEinvoiceAddress: einvoiceAddress(get("SELLER_EINVOICE_ADDRESS")),
    transfers: {
      iban: checked("SELLER_IBAN", get("SELLER_IBAN"), isIban, compactIban),
      bic: checked("SELLER_BIC", get("SELLER_BIC")?.toUpperCase(), isBic, (v) => v),
      quoteValidityDays: daysSetting(
        "QUOTE_VALIDITY_DAYS",
        get("QUOTE_VALIDITY_DAYS"),
        DEFAULT_QUOTE_VALIDITY_DAYS,
        1,
        MAX_QUOTE_VALIDITY_DAYS,
      ),
      termsDays: daysSetting(
        "PAYMENT_TERMS_DAYS",
        get("PAYMENT_TERMS_DAYS"),
        DEFAULT_TERMS_DAYS,
        0,
        MAX_TERMS_DAYS,
      ),
      reminderDays: reminderDaysSetting(get("REMINDER_DAYS")),
    },
    chorusPro: chorusProSettings(get, get("SHOP_ENV") === "production"),
    vat: {
      rates: parseVatRates(get("VAT_RATES")),
      oss: flag("VAT_OSS", get("VAT_OSS")),
      viesUrl: (get("VIES_URL") ?? DEFAULT_VIES_URL).replace(/\/+$/, ""),
      viesTimeoutMs: 4_000,
      regime: vatRegime(get("VAT_REGIME")),
    },
    platform: platformSettings(get, get("SHOP_ENV") === "production"),
    excludedCountries: (get("EXCLUDED_COUNTRIES") ?? "IL").split(",").map((c) =>
      c.trim().toUpperCase()
    )
      .filter(Boolean),
  };
}
