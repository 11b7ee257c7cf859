import { messagesFor } from "../../i18n/catalog.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";

/** On a legal page: the French text is the binding one; a link to the other language's text. */
export default function BindingNote(
  { lang, path, siteName }: { lang: Lang; path: string; siteName: string },
) {
  const t = messagesFor(lang).legal(siteName, "");
  const other: Lang = lang === "fr" ? "en" : "fr";
  return (
    <p class="mt-4 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700" data-testid="binding">
      {t.bindingNote}{" "}
      <a
        href={localePath(other, path)}
        hreflang={other}
        class="font-semibold text-brand-700 underline"
      >
        {t.bindingLink}
      </a>
    </p>
  );
}
