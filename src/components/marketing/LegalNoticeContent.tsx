import { isEmailAddress } from "../../domain/email-pattern.ts";
import type { LegalIdentity } from "../../domain/legal-notice.ts";
import { messagesFor } from "../../i18n/catalog.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";

const link = "font-semibold text-brand-700 underline";

/** A titled block of label/value rows. */
function Block(
  { id, title, rows, children }: {
    id: string;
    title: string;
    rows: [label: string, value: preact.ComponentChildren][];
    children?: preact.ComponentChildren;
  },
) {
  return (
    <section aria-labelledby={`${id}-title`} class="mt-10" data-testid={id}>
      <h2 id={`${id}-title`} class="text-2xl font-bold text-ink">{title}</h2>
      {children}
      <dl class="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[14rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} class="contents">
            <dt class="font-semibold text-slate-700">{label}</dt>
            <dd class="mb-2 text-slate-700 sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The legal notice (mentions légales, LCEN art. 6 III), from the SELLER_* settings. */
export default function LegalNoticeContent(
  { lang, siteName, identity: s }: { lang: Lang; siteName: string; identity: LegalIdentity },
) {
  const t = messagesFor(lang).legal(siteName, "").notice;
  // Unset settings print their placeholder outside production: no link to "[SET ...]".
  const email = isEmailAddress(s.email)
    ? <a href={`mailto:${s.email}`} class={link}>{s.email}</a>
    : s.email;
  const mediatorUrl = /^https?:\/\//.test(s.mediatorUrl)
    ? <a href={s.mediatorUrl} class={link} rel="noopener noreferrer">{s.mediatorUrl}</a>
    : s.mediatorUrl;
  return (
    <article class="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 class="text-4xl font-bold tracking-tight text-ink">{t.title}</h1>
      <p class="mt-4 text-lg leading-8 text-slate-600">{t.intro}</p>
      <Block
        id="publisher"
        title={t.publisher}
        rows={[
          [t.legalName, s.legalName],
          [t.legalForm, s.legalForm],
          [t.shareCapital, s.shareCapital],
          [t.address, s.address],
          [t.rcs, s.rcs],
          [t.siren, s.siren],
          [t.vatNumber, s.vatNumber],
        ]}
      />
      <Block
        id="contact"
        title={t.contact}
        rows={[
          [t.email, email],
          [t.phone, s.phone],
          [t.director, s.publicationDirector],
        ]}
      />
      <Block
        id="host"
        title={t.host}
        rows={[[t.hostName, s.hostName], [t.hostAddress, s.hostAddress], [
          t.hostPhone,
          s.hostPhone,
        ]]}
      />
      <Block
        id="mediator"
        title={t.mediator}
        rows={[
          [t.mediatorName, s.mediatorName],
          [t.mediatorAddress, s.mediatorAddress],
          [t.mediatorUrl, mediatorUrl],
        ]}
      >
        <p class="mt-3 leading-7 text-slate-700">{t.mediatorText}</p>
      </Block>
      <p class="mt-12">
        <a href={localePath(lang, "/general-terms/page/1")} class={link}>{t.terms}</a>
      </p>
    </article>
  );
}
