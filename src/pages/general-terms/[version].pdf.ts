import type { APIRoute } from "astro";
import { isTermsVersion } from "../../domain/terms.ts";
import { legalPdfResponse } from "../../layouts/legal-request.ts";
import { pageLangOf } from "../../i18n/astro.ts";
import { termsPdf } from "../../services/legal-pdfs.ts";
import { legalIdentityOf } from "../../services/legal-identity.ts";
import { COMPANY_NAME, SITE_NAME } from "../../services/site.ts";

/** A dated version of the general terms as a PDF, in the page's language. */
export const GET: APIRoute = async (context) => {
  const version = context.params.version ?? "";
  if (!isTermsVersion(version)) return new Response("Not found", { status: 404 });
  const lang = pageLangOf(context);
  const bytes = await termsPdf(
    lang,
    version,
    { siteName: SITE_NAME, company: COMPANY_NAME },
    legalIdentityOf(context.locals.services.config),
  );
  return legalPdfResponse(bytes, `general-terms-${version}-${lang}.pdf`);
};
