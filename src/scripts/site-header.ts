import { CLOSE_ICON_PATH, MENU_ICON_PATH } from "../ui/icons.ts";
import { cart, cartCount, drawerAvailable, drawerOpen } from "../browser/state/cart-store.ts";
import { pageLang, pageMessages } from "../i18n/client.ts";
import { fill } from "../i18n/fill.ts";

/**
 * The header's behaviour (SiteHeader.astro renders it): the shadow once the page is scrolled
 * past 10 px, the mobile menu, the cart badge, the cart link opening the drawer on pages that
 * have one, the language switch and the offer to read in French. The count is shown after
 * load: the server HTML (always 0) knows no cart.
 */
const t = pageMessages("header", pageLang());
const plural = new Intl.PluralRules(pageLang());
const header = document.getElementById("site-header")!;
const cartLink = document.getElementById("header-cart")!;
const badge = cartLink.querySelector("span")!;
const menuButton = document.getElementById("mobile-menu-button")!;
const menu = document.getElementById("mobile-menu")!;

function onScroll() {
  const scrolled = globalThis.scrollY > 10;
  header.classList.toggle("shadow-md", scrolled);
  header.dataset.scrolled = String(scrolled);
}
onScroll();
addEventListener("scroll", onScroll, { passive: true });

function showCount() {
  const count = cartCount();
  cartLink.setAttribute(
    "aria-label",
    fill(plural.select(count) === "one" ? t.cartOne : t.cartOther, { count }),
  );
  badge.textContent = String(count);
  badge.hidden = count === 0;
}
showCount();
cart.subscribe(showCount);

cartLink.addEventListener("click", (e) => {
  if (!drawerAvailable.value) return; // plain link to /shop
  e.preventDefault();
  drawerOpen.value = true;
});

menuButton.addEventListener("click", () => {
  const open = menuButton.getAttribute("aria-expanded") !== "true";
  menuButton.setAttribute("aria-expanded", String(open));
  menuButton.setAttribute("aria-label", open ? t.closeMenu : t.openMenu);
  menuButton.querySelector("path")!.setAttribute("d", open ? CLOSE_ICON_PATH : MENU_ICON_PATH);
  menu.classList.toggle("hidden", !open);
  menu.classList.toggle("block", open);
});

/** The visitor's answer (the switch, or the offer): remembered, so the offer is not shown again. */
const CHOICE = "lang-choice";
const remember = (lang: string) => {
  try {
    localStorage.setItem(CHOICE, lang);
  } catch { /* storage blocked: the offer may show again, nothing worse */ }
};

// The switch keeps the visitor on the same page: the query (an order's link, a search) and the
// fragment go along.
document.addEventListener("click", (e) => {
  const link = (e.target as Element).closest<HTMLElement>("[data-lang-switch], [data-lang-choice]");
  if (!link) return;
  remember(link.dataset.langSwitch ?? link.dataset.langChoice!);
  if (link instanceof HTMLAnchorElement) {
    link.href = link.pathname + location.search + location.hash;
  } else document.getElementById("lang-offer")!.hidden = true;
});

const offer = document.getElementById("lang-offer");
if (offer) {
  let chosen: string | null = "";
  try {
    chosen = localStorage.getItem(CHOICE);
  } catch { /* storage blocked: no offer, it could not be dismissed for good */ }
  const preferred = navigator.languages.find((l) => /^(en|fr)\b/i.test(l));
  if (chosen === null && preferred?.toLowerCase().startsWith("fr")) offer.hidden = false;
}
