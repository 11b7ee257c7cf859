/** /unsubscribe: confirm (GET), done (POST), or a link that is not ours. */
export default function UnsubscribeContent(
  { state, email, token }: {
    state: "confirm" | "done" | "invalid";
    email?: string;
    token?: string;
  },
) {
  return (
    <section class="mx-auto max-w-xl px-4 py-24 text-center sm:px-6">
      {state === "confirm" && (
        <>
          <h1 class="text-3xl font-bold text-ink">Unsubscribe from the newsletter?</h1>
          <p class="mt-4 text-lg leading-8 text-slate-600">
            We will stop sending the newsletter to <strong class="text-ink">{email}</strong>.
          </p>
          <form
            method="post"
            action={`/unsubscribe?token=${encodeURIComponent(token ?? "")}`}
            class="mt-8"
          >
            <button
              type="submit"
              class="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
            >
              Unsubscribe
            </button>
          </form>
        </>
      )}
      {state === "done" && (
        <>
          <h1 class="text-3xl font-bold text-ink">You have been unsubscribed</h1>
          <p class="mt-4 text-lg leading-8 text-slate-600">
            {email}{" "}
            will not receive our newsletter any more. Changed your mind? Subscribe again from the
            form at the bottom of any page.
          </p>
        </>
      )}
      {state === "invalid" && (
        <>
          <h1 class="text-3xl font-bold text-ink">This unsubscribe link is not valid</h1>
          <p class="mt-4 text-lg leading-8 text-slate-600">
            Please use the link from the newsletter itself, unchanged. If it still fails, write to
            us through the request form and we will remove your address.
          </p>
        </>
      )}
      <p class="mt-10">
        <a href="/home" class="font-semibold text-brand-700 underline">Back to the home page</a>
      </p>
    </section>
  );
}
