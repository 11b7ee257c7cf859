import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import type { ShopProduct } from "../../domain/shop-product.ts";
import { notifyEmailProblemKind } from "../../domain/stock-notification-request.ts";
import { textLang } from "../../domain/shop-product.ts";
import { pageMessages } from "../../i18n/client.ts";
import { fillNodes } from "../../ui/fill-nodes.tsx";
import type { Lang } from "../../i18n/locales.ts";
import { showToast } from "../../browser/state/toasts.ts";
import FormField, { SubmitButton } from "../../ui/FormField.tsx";
import DialogActions from "../../ui/DialogActions.tsx";
import DialogHeader from "../../ui/DialogHeader.tsx";
import ModalFrame from "../ModalFrame.tsx";

/**
 * Asks for an email to tell when an out-of-stock product is back (spec sections 4, 5, 8); its
 * children are the page's privacy line.
 */
export default function NotifyDialog(
  { lang, product, onClose, children }: {
    lang: Lang;
    product: ShopProduct;
    onClose: () => void;
    children?: ComponentChildren;
  },
) {
  const t = pageMessages("stock", lang);
  const [email, setEmail] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    const problem = notifyEmailProblemKind(email);
    if (problem) return setError(t[problem]);
    setError("");
    setBusy(true);
    try {
      const res = await fetch("/api/stock-notifications/subscribe", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: email.trim(), productId: product.id, lang }),
      });
      if (res.ok) {
        showToast(t.success, "success");
        setEmail("");
        onClose();
        return;
      }
      const body = await res.json().catch(() => null) as { message?: string } | null;
      showToast(lang === "en" ? body?.message || t.failed : t.failed, "error");
    } catch {
      showToast(t.network, "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalFrame
      labelledBy="notify-title"
      onClose={onClose}
      panelClass="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
      testId="notify-dialog"
    >
      <DialogHeader id="notify-title" title={t.title} closeLabel={t.close} onClose={onClose} />
      <p class="mt-2 text-sm text-slate-600">
        {fillNodes(t.intro, {
          title: <span lang={textLang(product, "title")}>{product.title}</span>,
        })}
      </p>
      {children}
      <form class="mt-5 space-y-4" noValidate onSubmit={submit}>
        <FormField
          id="notify-email"
          label={t.email}
          error={error}
          type="email"
          autocomplete="email"
          data-autofocus
          value={email}
          onInput={(e) => {
            setEmail(e.currentTarget.value);
            setError("");
          }}
        />
        <DialogActions cancel={t.cancel} onClose={onClose} plain>
          <SubmitButton busy={busy} busyLabel={t.busy}>{t.submit}</SubmitButton>
        </DialogActions>
      </form>
    </ModalFrame>
  );
}
