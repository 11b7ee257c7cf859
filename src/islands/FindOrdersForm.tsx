import { useState } from "preact/hooks";
import FormField, { SubmitButton } from "../ui/FormField.tsx";

const FAILED = "Something went wrong. Please try again in a moment.";

/**
 * "Find my orders": mails the address the links of its orders. The answer is the same whether
 * or not the address bought here.
 */
export default function FindOrdersForm() {
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
        body: JSON.stringify({ email }),
      });
      const body = await res.json().catch(() => ({}));
      setAnswer({
        ok: res.ok,
        text: (res.ok ? body.message : body?.errors?.[0]?.message ?? body?.message) ?? FAILED,
      });
    } catch {
      setAnswer({ ok: false, text: FAILED });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="mt-8 space-y-3" onSubmit={submit} data-testid="find-orders-form">
      <FormField
        id="find-orders-email"
        label="The email address you ordered with"
        type="email"
        required
        autocomplete="email"
        value={email}
        onInput={(e) => setEmail(e.currentTarget.value)}
      />
      <SubmitButton busy={busy} busyLabel="Sending...">Send me the links</SubmitButton>
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
