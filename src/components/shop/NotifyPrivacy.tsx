import { messagesFor } from "../../i18n/catalog.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";
import { fillNodes } from "../../ui/fill-nodes.tsx";

/**
 * The stock alert dialog's GDPR information with its link to the privacy notice. Server-rendered
 * and handed to the shop's islands as their children: page HTML, not island code.
 */
export default function NotifyPrivacy({ lang, siteName }: { lang: Lang; siteName: string }) {
  const t = messagesFor(lang).legal(siteName, "").acceptance;
  return (
    <p class="mt-2 text-sm text-slate-600" data-testid="notify-privacy">
      {fillNodes(t.notify, {
        privacy: (
          <a href={localePath(lang, "/privacy")} class="font-semibold text-brand-700 underline">
            {t.privacy}
          </a>
        ),
      })}
    </p>
  );
}
