import type { LegalIdentity } from "../domain/legal-notice.ts";
import type { MailAttachment } from "../domain/mail.ts";
import { isTermsVersion } from "../domain/terms.ts";
import type { MailFile } from "./mail/transport.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { fill } from "../i18n/fill.ts";
import { formatDate } from "../i18n/format.ts";
import type { Lang } from "../i18n/locales.ts";
import type { TextBlock } from "./text-pdf.ts";

/** pdf-lib loaded for the first document, not at every start (see invoice-pdf-lazy.ts). */
const render = async (doc: { title: string; lang: string; blocks: TextBlock[] }) =>
  (await import("./text-pdf.ts")).renderTextPdf(doc);

const articleValues = (s: LegalIdentity) => ({
  legalName: s.legalName,
  address: s.address,
  email: s.email,
  mediatorName: s.mediatorName,
  mediatorAddress: s.mediatorAddress,
  mediatorUrl: s.mediatorUrl,
});

/** A dated version of the general terms as a PDF (the confirmation mail attaches it). */
export function termsPdf(
  lang: Lang,
  version: string,
  names: { siteName: string; company: string },
  identity: LegalIdentity,
): Promise<Uint8Array> {
  const t = messagesFor(lang).legal(names.siteName, names.company).terms;
  const values = articleValues(identity);
  const date = formatDate(`${version}T12:00:00Z`, lang, "UTC");
  return render({
    title: `${t.heading} (${fill(t.version, { date })})`,
    lang,
    blocks: t.pages.flat().flatMap((s): TextBlock[] => [
      { kind: "heading", text: s.title },
      ...s.paragraphs.map((p): TextBlock => ({ kind: "paragraph", text: fill(p, values) })),
    ]),
  });
}

/** The model withdrawal form as a PDF, addressed to the seller. */
export function withdrawalFormPdf(
  lang: Lang,
  siteName: string,
  identity: LegalIdentity,
): Promise<Uint8Array> {
  const t = messagesFor(lang).legal(siteName, "").withdrawalForm;
  return render({
    title: t.title,
    lang,
    blocks: [
      { kind: "paragraph", text: t.intro },
      { kind: "heading", text: fill(t.to, articleValues(identity)) },
      ...t.lines.map((text): TextBlock => ({ kind: "field", text })),
      { kind: "paragraph", text: t.strike },
    ],
  });
}

/**
 * The files a mail names, drawn when it is sent: a dated version of the terms and the model
 * withdrawal form, in the mail's language. An unknown version is left out, never guessed.
 */
export function legalMailFiles(
  names: { siteName: string; company: string },
  identity: () => LegalIdentity,
) {
  return (attachments: MailAttachment[]): Promise<MailFile[]> =>
    Promise.all(
      attachments.filter((a) => a.kind !== "terms" || isTermsVersion(a.version)).map(
        async (a): Promise<MailFile> => {
          const fr = a.lang === "fr";
          if (a.kind === "terms") {
            return {
              filename: `${fr ? "conditions-generales" : "general-terms"}-${a.version}.pdf`,
              contentType: "application/pdf",
              content: await termsPdf(a.lang, a.version, names, identity()),
            };
          }
          return {
            filename: fr ? "formulaire-de-retractation.pdf" : "withdrawal-form.pdf",
            contentType: "application/pdf",
            content: await withdrawalFormPdf(a.lang, names.siteName, identity()),
          };
        },
      ),
    );
}
