import { type LegalIdentity, legalIdentity, missingLegalNotice } from "../domain/legal-notice.ts";
import type { Config } from "./config.ts";

/** The seller as the legal notice, the terms and the withdrawal form name it, from the settings. */
export function legalIdentityOf(config: Pick<Config, "seller" | "legalNotice">): LegalIdentity {
  return legalIdentity(config.seller, config.legalNotice);
}

/** Why a production start must not publish the site yet (legal-notice settings unset), or null. */
export function legalNoticeProblem(
  config: Pick<Config, "legalNotice" | "shopEnv">,
): string | null {
  if (config.shopEnv !== "production") return null;
  const missing = missingLegalNotice(config.legalNotice);
  return missing.length
    ? `the legal notice and the mediation clause need: set ${missing.join(", ")}`
    : null;
}
