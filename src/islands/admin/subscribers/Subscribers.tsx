import { useState } from "preact/hooks";
import type { CampaignProgress } from "../../../domain/campaign.ts";
import { formatShopTime, shopDay } from "../../../domain/shop-time.ts";
import FormDialog from "../ui/FormDialog.tsx";
import { adminApi } from "../ui/api.ts";
import { errorSentence } from "../ui/errors.ts";
import { EmptyState, useConfirmedAction, useFailure } from "../ui/feedback.tsx";
import FormField from "../../../ui/FormField.tsx";
import { useFields } from "../ui/use-fields.ts";
import FormActions from "../ui/FormActions.tsx";
import StatusBadge from "../../../ui/admin/StatusBadge.tsx";
import { FIELD } from "../ui/styles.ts";
import { DeleteButton, ListTable } from "../ui/table.tsx";
import { adminToast } from "../ui/toast.ts";
import { useCloseGuard } from "../ui/use-close-guard.tsx";
import { useResource } from "../ui/use-resource.ts";

interface Row {
  _id: string;
  email: string;
  subscribed: boolean;
  lang: "en" | "fr";
  createdAt: string;
}

const LANGUAGE = { en: "English", fr: "French" } as const;

/** How often the newsletters' counts are read again while one is still sending. */
const PROGRESS_POLL_MS = 2000;

/** 'Done' only once nothing is left to send. */
const finished = (n: CampaignProgress) => n.status === "done" && n.pending === 0;

interface Props {
  rows: Row[];
  newsletters: CampaignProgress[];
  /** Subscribers matching the page's search (all pages); `capped`: at least that many. */
  total: number;
  capped: boolean;
  timeZone: string;
}

/** Newsletter Subscribers: the page's list with delete, the Send Newsletter modal, progress. */
export default function Subscribers({ rows, newsletters, total, capped, timeZone }: Props) {
  const [list, setList] = useState(rows);
  const [count, setCount] = useState(total);
  const [composing, setComposing] = useState(false);
  const { fail, dialog } = useFailure();
  const campaigns = useResource(
    newsletters,
    async () =>
      (await adminApi<{ newsletters: CampaignProgress[] }>("/api/subscribers/newsletters"))
        .newsletters,
    "Failed to fetch newsletters",
    { pollMs: PROGRESS_POLL_MS, poll: (all) => all.some((n) => !finished(n)) },
  );
  const deletion = useConfirmedAction<Row>({
    title: "Delete Subscriber",
    message: (r) => `Delete ${r.email} from the subscribers?`,
    fallback: "Failed to delete subscriber",
    failTitle: "Error",
    fail,
    async run(r) {
      const res = await adminApi<{ message: string }>(`/api/subscribers/admin/${r._id}`, {
        method: "DELETE",
      });
      setList((all) => all.filter((x) => x._id !== r._id));
      setCount((n) => Math.max(0, n - 1));
      return res.message;
    },
  });

  return (
    <div class="space-y-4">
      <div class="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => setComposing(true)}
          class="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Send Newsletter
        </button>
        <a
          href="/api/subscribers/export.csv"
          class="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100"
        >
          Export CSV
        </a>
        <p class="text-sm text-slate-600" data-testid="subscriber-count" aria-live="polite">
          {count}
          {capped ? "+" : ""} subscriber{count === 1 ? "" : "s"}
          {capped ? " (narrow the search to see them all)" : ""}
        </p>
      </div>
      {list.length === 0 ? <EmptyState>No subscribers found</EmptyState> : (
        <ListTable
          testId="subscribers-table"
          caption="Subscribers"
          columns={["Email", "Status", "Language", "Subscribed", "Actions"]}
        >
          {list.map((r) => (
            <tr key={r._id} data-testid="subscriber-row">
              <td class="break-all px-3 py-2">{r.email}</td>
              <td class="px-3 py-2">
                <StatusBadge
                  value={r.subscribed ? "active" : "inactive"}
                  colour={r.subscribed ? "green" : "grey"}
                />
              </td>
              <td class="px-3 py-2" data-testid="subscriber-language">{LANGUAGE[r.lang]}</td>
              <td class="whitespace-nowrap px-3 py-2">
                {shopDay(Date.parse(r.createdAt), timeZone)}
              </td>
              <td class="px-3 py-2">
                <DeleteButton onClick={() => deletion.ask(r)} />
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {campaigns.data.length > 0 && (
        <section class="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <h2 class="mb-2 font-semibold">Newsletters</h2>
          <ul class="divide-y divide-slate-100 text-sm" data-testid="newsletters">
            {campaigns.data.map((n) => (
              <li key={n.id} class="flex flex-wrap items-center gap-3 py-2">
                <span class="min-w-0 flex-1 basis-48 break-words font-medium">{n.subject}</span>
                <span class="text-slate-600" data-testid="newsletter-progress">
                  {n.sent} sent · {n.failed} failed · {n.pending} pending
                </span>
                <StatusBadge
                  value={finished(n) ? "done" : "sending"}
                  colour={finished(n) ? "green" : "blue"}
                />
                <span class="text-slate-500">
                  {formatShopTime(n.createdAt, timeZone)} ({timeZone})
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {composing && (
        <NewsletterDialog
          onClose={() => setComposing(false)}
          onSent={(message) => {
            setComposing(false);
            adminToast(message, "success");
            campaigns.reload();
          }}
          fail={fail}
        />
      )}
      {deletion.dialog}
      {dialog}
    </div>
  );
}

/**
 * Send Newsletter: subject and message, both required (spec section 5), and optionally the French
 * version for subscribers who signed up on a French page (without it they get the English one).
 */
function NewsletterDialog(
  { onClose, onSent, fail }: {
    onClose: () => void;
    onSent: (message: string) => void;
    fail: (title: string, message: string) => void;
  },
) {
  const { values, field } = useFields("newsletter", {
    subject: "",
    message: "",
    subjectFr: "",
    messageFr: "",
  });
  const { subject, message } = values;
  const [busy, setBusy] = useState(false);
  const { requestClose, guard } = useCloseGuard(values, busy, onClose);

  async function send(e: Event) {
    e.preventDefault();
    if (!subject.trim() || !message.trim()) {
      return fail("Validation Error", "Subject and content are required");
    }
    setBusy(true);
    try {
      const res = await adminApi<{ message: string }>("/api/subscribers/send-to-all", {
        method: "POST",
        json: values,
      });
      onSent(res.message);
    } catch (err) {
      fail(
        "Error",
        errorSentence(err, "Failed to send newsletter", {
          message: "Message",
          subjectFr: "French subject",
          messageFr: "French message",
        }),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog title="Send Newsletter" testId="newsletter-dialog" size="lg" onClose={requestClose}>
      <form class="mt-4 space-y-3" onSubmit={send} noValidate>
        <FormField label="Subject" marked data-autofocus required {...field("subject")} />
        <FormField id="newsletter-message" label="Message" marked>
          {(wiring) => (
            <textarea {...wiring} rows={8} required class={FIELD} {...field("message")} />
          )}
        </FormField>
        <fieldset class="space-y-3">
          <legend class="text-sm font-semibold">French version (optional)</legend>
          <FormField label="French subject" lang="fr" {...field("subjectFr")} />
          <FormField id="newsletter-message-fr" label="French message">
            {(wiring) => (
              <textarea {...wiring} rows={8} lang="fr" class={FIELD} {...field("messageFr")} />
            )}
          </FormField>
        </fieldset>
        <p class="text-xs text-slate-600">
          Every active subscriber gets it once, with an unsubscribe link, in their language: French
          subscribers get the French version, or the English one when it is left empty.
        </p>
        <FormActions
          busy={busy}
          label="Send to All"
          busyLabel="Sending..."
          onCancel={requestClose}
        />
      </form>
      {guard}
    </FormDialog>
  );
}
