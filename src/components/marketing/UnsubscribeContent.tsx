import { messagesFor } from "../../i18n/catalog.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";
import { SubmitButton } from "./ui.tsx";

/** /unsubscribe: confirm (GET), done (POST), or a link that is not ours. */
export default function UnsubscribeContent(
  { lang, state, email, token }: {
    lang: Lang;
    state: "confirm" | "done" | "invalid";
    email?: string;
    token?: string;
  },
) {
  const t = messagesFor(lang).chrome.unsubscribe;
  return (
    <section class="mx-auto max-w-xl px-4 py-24 text-center sm:px-6">
      {state === "confirm" && (
        <>
          <h1 class="text-3xl font-bold text-ink">{t.confirmHeading}</h1>
          <p class="mt-4 text-lg leading-8 text-slate-600">
            {t.confirmBefore} <strong class="text-ink">{email}</strong>
            {t.confirmAfter}
          </p>
          <form
            method="post"
            action={`${localePath(lang, "/unsubscribe")}?token=${encodeURIComponent(token ?? "")}`}
            class="mt-8"
          >
            <SubmitButton>{t.submit}</SubmitButton>
          </form>
        </>
      )}
      {state === "done" && (
        <>
          <h1 class="text-3xl font-bold text-ink">{t.doneHeading}</h1>
          <p class="mt-4 text-lg leading-8 text-slate-600">
            {email} {t.doneText}
          </p>
        </>
      )}
      {state === "invalid" && (
        <>
          <h1 class="text-3xl font-bold text-ink">{t.invalidHeading}</h1>
          <p class="mt-4 text-lg leading-8 text-slate-600">{t.invalidText}</p>
        </>
      )}
      <p class="mt-10">
        <a href={localePath(lang, "/home")} class="font-semibold text-brand-700 underline">
          {t.back}
        </a>
      </p>
    </section>
  );
}
