addEventListener("click", (e) => {
  const button = e.target.closest?.("button");
  const island = button?.closest("astro-island[ssr]");
  if (!island) return;
  e.preventDefault();
  e.stopImmediatePropagation();
  button.setAttribute("aria-busy", "true");
  island.addEventListener("astro:hydrate", () => {
    button.removeAttribute("aria-busy");
    if (button.isConnected) button.click();
  }, { once: true });
}, true);
