import type { ComponentChildren } from "preact";
import { messagesFor } from "../i18n/catalog.ts";
import { fill } from "../i18n/fill.ts";
import { type Lang, localePath } from "../i18n/locales.ts";
import type { NAV_LINKS } from "../services/site.ts";
import { LEGAL_NOTICE_PATH } from "../domain/terms.ts";

interface Props {
  lang: Lang;
  siteName: string;
  companyName: string;
  links: typeof NAV_LINKS;
  /** The newsletter form, placed by the layout. */
  children?: ComponentChildren;
}

/** A page of ours (its path without language prefix) and the link's label. */
type FooterLink = readonly [path: string, label: string];

function FooterLinks(
  { lang, links, class: className }: { lang: Lang; links: FooterLink[]; class: string },
) {
  return (
    <ul class={className}>
      {links.map(([path, label]) => (
        <li key={path}>
          <a class="hover:text-white" href={localePath(lang, path)}>{label}</a>
        </li>
      ))}
    </ul>
  );
}

export default function SiteFooter({ lang, siteName, companyName, links, children }: Props) {
  const t = messagesFor(lang).chrome;
  const pages: FooterLink[] = [
    ...links.map((link): FooterLink => [link.href, t.nav[link.key]]),
    ["/about", t.nav.about],
    ["/request-a-demo", t.nav.demo],
    ["/orders", t.footer.findOrders],
  ];
  const legal: FooterLink[] = [
    ["/general-terms/page/1", t.footer.terms],
    ["/privacy", t.footer.privacy],
    ["/cookies", t.footer.cookies],
    [LEGAL_NOTICE_PATH, t.footer.legalNotice],
  ];
  return (
    <footer class="mt-24 bg-ink text-slate-300">
      <div class="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-3">
        <div>
          <p class="text-lg font-bold text-white">{siteName}</p>
          <p class="mt-3 max-w-xs text-sm leading-6">{t.footer.tagline}</p>
        </div>
        <nav aria-label={t.footer.nav}>
          <h2 class="text-sm font-semibold uppercase tracking-wide text-white">{t.footer.pages}</h2>
          <FooterLinks lang={lang} links={pages} class="mt-4 grid grid-cols-2 gap-2 text-sm" />
        </nav>
        <div>
          <h2 class="text-sm font-semibold uppercase tracking-wide text-white">
            {t.footer.stayUpToDate}
          </h2>
          {children}
        </div>
      </div>
      <div class="border-t border-white/10">
        <div class="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm sm:px-6">
          <p>{fill(t.footer.rights, { year: new Date().getFullYear(), company: companyName })}</p>
          <FooterLinks lang={lang} links={legal} class="flex flex-wrap gap-x-6 gap-y-2" />
        </div>
      </div>
    </footer>
  );
}
