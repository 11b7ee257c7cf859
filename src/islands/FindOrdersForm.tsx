import { useState } from "preact/hooks";
import { pageMessages } from "../i18n/client.ts";
import type { Lang } from "../i18n/locales.ts";
import FormField, { SubmitButton } from "../ui/FormField.tsx";

/**
 * "Find my orders": mails the address the links of its orders. The answer is the same whether
 * or not the address bought here.
 */
export default function FindOrdersForm({ lang }: { lang: Lang }) {
  const t = pageMessages("orders", lang).find;
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(e: Event) {
    e.preventDefault();
    setBusy(true);
    setAnswer(null);
    try {
      const res = await fetch("/api/public/orders/find", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, lang }),
      });
      const body = await res.json().catch(() => ({}));
      // The API answers in the spec's English; a French page says the same in French.
      const said = res.ok ? body.message : body?.errors?.[0]?.message ?? body?.message;
      setAnswer({
        ok: res.ok,
        text: lang === "en"
          ? said ?? t.failed
          : res.ok
          ? t.sent
          : body?.errors?.[0]?.field === "email"
          ? t.invalid
          : t.failed,
      });
    } catch {
      setAnswer({ ok: false, text: t.failed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="mt-8 space-y-3" onSubmit={submit} data-testid="find-orders-form">
      <FormField
        id="find-orders-email"
        label={t.label}
        type="email"
        required
        autocomplete="email"
        value={email}
        onInput={(e) => setEmail(e.currentTarget.value)}
      />
      <SubmitButton busy={busy} busyLabel={t.busy}>{t.submit}</SubmitButton>
      {answer && (
        <p
          role={answer.ok ? "status" : "alert"}
          class={answer.ok ? "text-green-800" : "text-red-700"}
        >
          {answer.text}
        </p>
      )}
    </form>
  );
}
