import { useEffect, useState } from "preact/hooks";
import { cartCount, drawerAvailable, drawerOpen } from "./state/cart-store.ts";

interface Props {
  siteName: string;
  links: readonly { href: string; label: string }[];
  currentPath: string;
}

/** The sticky header: shadow after 10 px of scroll, links, cart badge, Learn More, mobile menu. */
export default function SiteHeader({ siteName, links, currentPath }: Props) {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [count, setCount] = useState(0);

  useEffect(() => {
    const onScroll = () => setScrolled(globalThis.scrollY > 10);
    onScroll();
    addEventListener("scroll", onScroll, { passive: true });
    return () => removeEventListener("scroll", onScroll);
  }, []);

  // The count is read after hydration so the server HTML (always 0) matches the first render.
  useEffect(() => cartCount.subscribe(setCount), []);

  const openCart = (e: MouseEvent) => {
    if (!drawerAvailable.value) return; // plain link to /shop
    e.preventDefault();
    drawerOpen.value = true;
  };

  const isCurrent = (href: string) =>
    currentPath === href || (href === "/home" && currentPath === "/");

  return (
    <header
      class={`sticky top-0 z-40 bg-white/95 backdrop-blur transition-shadow ${
        scrolled ? "shadow-md" : ""
      }`}
      data-scrolled={scrolled ? "true" : "false"}
    >
      <div class="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href="/home" class="flex items-center gap-2 font-bold text-ink text-lg">
          <img src="/images/logo.svg" alt="" width="32" height="32" />
          <span>{siteName}</span>
        </a>
        <nav aria-label="Main" class="hidden md:block">
          <ul class="flex items-center gap-6">
            {links.map((l) => (
              <li key={l.href}>
                <a
                  href={l.href}
                  aria-current={isCurrent(l.href) ? "page" : undefined}
                  class={`text-sm font-medium hover:text-brand-600 ${
                    isCurrent(l.href) ? "text-brand-600" : "text-slate-700"
                  }`}
                >
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="flex items-center gap-2">
          <a
            href="/shop"
            onClick={openCart}
            class="relative rounded-full p-2 text-slate-700 hover:bg-slate-100"
            aria-label={`Cart, ${count} ${count === 1 ? "item" : "items"}`}
            data-testid="header-cart"
          >
            <svg
              aria-hidden="true"
              width="24"
              height="24"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              stroke-width="2"
            >
              <circle cx="9" cy="21" r="1" />
              <circle cx="20" cy="21" r="1" />
              <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
            </svg>
            {count > 0 && (
              <span class="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-brand-600 px-1 text-center text-xs font-bold leading-5 text-white">
                {count}
              </span>
            )}
          </a>
          <a
            href="/request-a-demo"
            class="hidden rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 sm:inline-block"
          >
            Learn More<span class="sr-only">{` about ${siteName}`}</span>
          </a>
          <button
            type="button"
            class="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <svg
              aria-hidden="true"
              width="24"
              height="24"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              stroke-width="2"
            >
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M3 6h18M3 12h18M3 18h18" />}
            </svg>
          </button>
        </div>
      </div>
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        class={`border-t border-slate-200 md:hidden ${menuOpen ? "block" : "hidden"}`}
      >
        <ul class="space-y-1 px-4 py-3">
          {links.map((l) => (
            <li key={l.href}>
              <a
                href={l.href}
                aria-current={isCurrent(l.href) ? "page" : undefined}
                class="block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100"
              >
                {l.label}
              </a>
            </li>
          ))}
          <li>
            <a
              href="/request-a-demo"
              class="block rounded-md px-3 py-2 font-semibold text-brand-600"
            >
              Learn More<span class="sr-only">{` about ${siteName}`}</span>
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}
