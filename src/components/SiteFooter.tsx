import type { ComponentChildren } from "preact";

interface Props {
  siteName: string;
  companyName: string;
  links: readonly { href: string; label: string }[];
  /** The newsletter form, placed by the layout. */
  children?: ComponentChildren;
}

export default function SiteFooter({ siteName, companyName, links, children }: Props) {
  return (
    <footer class="mt-24 bg-ink text-slate-300">
      <div class="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-3">
        <div>
          <p class="text-lg font-bold text-white">{siteName}</p>
          <p class="mt-3 max-w-xs text-sm leading-6">
            Real-time DSP and motor-control hardware, programmed as block diagrams.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 class="text-sm font-semibold uppercase tracking-wide text-white">Pages</h2>
          <ul class="mt-4 grid grid-cols-2 gap-2 text-sm">
            {links.map((l) => (
              <li key={l.href}>
                <a class="hover:text-white" href={l.href}>{l.label}</a>
              </li>
            ))}
            <li>
              <a class="hover:text-white" href="/about">About</a>
            </li>
            <li>
              <a class="hover:text-white" href="/request-a-demo">Request a demo</a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 class="text-sm font-semibold uppercase tracking-wide text-white">Stay up to date</h2>
          {children}
        </div>
      </div>
      <div class="border-t border-white/10">
        <div class="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm sm:px-6">
          <p>© {new Date().getFullYear()} {companyName}. All rights reserved.</p>
          <ul class="flex gap-6">
            <li>
              <a class="hover:text-white" href="/general-terms/page/1">General terms</a>
            </li>
            <li>
              <a class="hover:text-white" href="/privacy">Privacy</a>
            </li>
            <li>
              <a class="hover:text-white" href="/cookies">Cookies</a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
