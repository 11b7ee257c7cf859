/** The site search behind /search?q=: pages, videos and products, ranked by simple scoring. */
export interface SearchDocument {
  kind: "page" | "video" | "product";
  url: string;
  title: string;
  description: string;
  /** Extra words that should find this document (headings, features, categories). */
  keywords?: string[];
}

export interface SearchHit extends SearchDocument {
  score: number;
}

const fold = (s: string) => s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

export function searchTerms(query: string): string[] {
  return [...new Set(fold(query).split(/[^a-z0-9+#]+/).filter((t) => t.length >= 2))].slice(0, 12);
}

/**
 * Every term must appear somewhere in a document; a match in the title counts most, then in the
 * keywords, then in the description. Best first, ties by title.
 */
export function searchSite(query: string, documents: SearchDocument[], limit = 30): SearchHit[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const hits: SearchHit[] = [];
  for (const doc of documents) {
    const title = fold(doc.title);
    const keywords = fold((doc.keywords ?? []).join(" "));
    const description = fold(doc.description);
    let score = 0;
    let all = true;
    for (const term of terms) {
      const s = (title.includes(term) ? 5 : 0) + (keywords.includes(term) ? 2 : 0) +
        (description.includes(term) ? 1 : 0);
      if (s === 0) all = false;
      score += s;
    }
    if (all) hits.push({ ...doc, score });
  }
  return hits.sort((a, b) => b.score - a.score || a.title.localeCompare(b.title)).slice(0, limit);
}
