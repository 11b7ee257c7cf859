/** Structured data (schema.org JSON-LD) for every page: organisation, board, site search. */
export interface SiteFacts {
  siteName: string;
  companyName: string;
  siteUrl: string;
  board: { name: string; description: string; price: number; image: string; inStock: boolean };
  /** The page's language as a BCP 47 tag ("en", "fr"): names and descriptions are in it. */
  language: string;
  /** The page's language's prefix ("" or "/fr"): its search and its shop. */
  prefix: string;
}

export function siteJsonLd(f: SiteFacts) {
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        "@id": `${f.siteUrl}/#organization`,
        name: f.companyName,
        url: f.siteUrl,
        logo: `${f.siteUrl}/images/logo.svg`,
      },
      {
        "@type": "WebSite",
        "@id": `${f.siteUrl}/#website`,
        name: f.siteName,
        url: f.siteUrl,
        inLanguage: f.language,
        publisher: { "@id": `${f.siteUrl}/#organization` },
        potentialAction: {
          "@type": "SearchAction",
          target: { "@type": "EntryPoint", urlTemplate: `${f.siteUrl}${f.prefix}/search?q={term}` },
          "query-input": "required name=term",
        },
      },
      {
        "@type": "Product",
        name: f.board.name,
        description: f.board.description,
        image: `${f.siteUrl}${f.board.image}`,
        brand: { "@type": "Brand", name: f.siteName },
        offers: {
          "@type": "Offer",
          price: f.board.price.toFixed(2),
          priceCurrency: "EUR",
          availability: `https://schema.org/${f.board.inStock ? "InStock" : "OutOfStock"}`,
          url: `${f.siteUrl}${f.prefix}/shop`,
          seller: { "@id": `${f.siteUrl}/#organization` },
        },
      },
    ],
  };
}

/** JSON for a <script type="application/ld+json"> block: "<" escaped so it cannot close it. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
