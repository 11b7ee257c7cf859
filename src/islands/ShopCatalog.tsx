import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { itemCount } from "../domain/cart.ts";
import type { ShopProduct } from "../domain/shop-product.ts";
import {
  addToCart,
  cart,
  drawerOpen,
  refreshCartFrom,
  refreshCartFromApi,
} from "../browser/state/cart.ts";
import { useHydrated } from "./use-hydrated.ts";
import { pageMessages } from "../i18n/client.ts";
import { fill } from "../i18n/fill.ts";
import { formatCount } from "../i18n/format.ts";
import type { Lang } from "../i18n/locales.ts";
import { useStore } from "./use-store.ts";
import NotifyDialog from "./shop/NotifyDialog.tsx";
import ProductCard from "./shop/ProductCard.tsx";
import ProductDetailsModal from "./shop/ProductDetailsModal.tsx";

type Open = { kind: "details" | "notify"; product: ShopProduct } | null;

/**
 * The /shop hero and product grid; its children (the privacy line) go in the stock alert dialog. The server renders it with the products; in the browser it
 * refreshes the cart's lines from them, and refreshes the list itself (spinner 'Loading
 * products...') when the page comes back from the back-forward cache, where it may be stale.
 */
export default function ShopCatalog(
  { lang, products: initial, children }: {
    lang: Lang;
    products: ShopProduct[];
    children?: ComponentChildren;
  },
) {
  const t = pageMessages("shop", lang);
  const [products, setProducts] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const hydrated = useHydrated();
  const state = useStore(cart);
  const count = hydrated ? itemCount(state) : 0;

  useEffect(() => {
    refreshCartFrom(initial);
    const onShow = async (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      setLoading(true);
      try {
        setProducts(await refreshCartFromApi());
      } catch {
        // Keep the list we have: it was right a moment ago.
      } finally {
        setLoading(false);
      }
    };
    addEventListener("pageshow", onShow);
    return () => removeEventListener("pageshow", onShow);
  }, []);

  const close = () => setOpen(null);

  return (
    <>
      <section class="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <div class="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-14 sm:flex-row sm:items-end sm:justify-between sm:px-6">
          <div>
            <h1 class="text-3xl font-bold sm:text-4xl">{t.heroTitle}</h1>
            <p class="mt-3 max-w-2xl text-brand-100">{t.heroText}</p>
          </div>
          <button
            type="button"
            class="self-start rounded-lg bg-white px-5 py-2.5 font-semibold text-brand-900 shadow hover:bg-brand-50 sm:self-auto"
            aria-haspopup="dialog"
            onClick={() => (drawerOpen.value = true)}
            data-testid="view-cart"
          >
            {fill(t.viewCart, { count: formatCount(count, lang) })}
          </button>
        </div>
      </section>
      <section class="mx-auto max-w-7xl px-4 py-12 sm:px-6" aria-label={t.products}>
        {loading
          ? (
            <div role="status" class="flex flex-col items-center gap-3 py-24 text-slate-600">
              <span
                aria-hidden="true"
                class="h-10 w-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
              />
              {t.loading}
            </div>
          )
          : (
            <ul
              class="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
              data-testid="product-grid"
            >
              {products.map((p, i) => (
                <li key={p.id}>
                  <ProductCard
                    lang={lang}
                    product={p}
                    eager={i < 4}
                    onAdd={() => addToCart(p)}
                    onDetails={() => setOpen({ kind: "details", product: p })}
                    onNotify={() => setOpen({ kind: "notify", product: p })}
                  />
                </li>
              ))}
            </ul>
          )}
      </section>
      {open?.kind === "details" && (
        <ProductDetailsModal
          lang={lang}
          product={open.product}
          onClose={close}
          onNotify={() => setOpen({ kind: "notify", product: open.product })}
        />
      )}
      {open?.kind === "notify" && (
        <NotifyDialog lang={lang} product={open.product} onClose={close}>{children}</NotifyDialog>
      )}
    </>
  );
}
