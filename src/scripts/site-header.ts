import { CLOSE_ICON_PATH, MENU_ICON_PATH } from "../ui/icons.ts";
import { cart, cartCount, drawerAvailable, drawerOpen } from "../browser/state/cart-store.ts";

/**
 * The header's behaviour (SiteHeader.astro renders it): the shadow once the page is scrolled
 * past 10 px, the mobile menu, the cart badge, and the cart link opening the drawer on pages
 * that have one. The count is shown after load: the server HTML (always 0) knows no cart.
 */
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
  cartLink.setAttribute("aria-label", `Cart, ${count} ${count === 1 ? "item" : "items"}`);
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
  menuButton.setAttribute("aria-label", open ? "Close menu" : "Open menu");
  menuButton.querySelector("path")!.setAttribute("d", open ? CLOSE_ICON_PATH : MENU_ICON_PATH);
  menu.classList.toggle("hidden", !open);
  menu.classList.toggle("block", open);
});
