import type { APIRoute } from "astro";
import { legalPdfResponse } from "../layouts/legal-request.ts";
import { pageLangOf } from "../i18n/astro.ts";
import { withdrawalFormPdf } from "../services/legal-pdfs.ts";
import { legalIdentityOf } from "../services/legal-identity.ts";
import { SITE_NAME } from "../services/site.ts";

/** The model withdrawal form as a PDF, in the page's language. */
export const GET: APIRoute = async (context) => {
  const lang = pageLangOf(context);
  const bytes = await withdrawalFormPdf(
    lang,
    SITE_NAME,
    legalIdentityOf(context.locals.services.config),
  );
  return legalPdfResponse(
    bytes,
    lang === "fr" ? "formulaire-de-retractation.pdf" : "withdrawal-form.pdf",
  );
};
