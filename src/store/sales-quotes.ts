import type { AuditDraft } from "../domain/audit.ts";
import { NotFoundError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import {
  formatQuoteNumber,
  type QuoteListQuery,
  quoteMatches,
  type SalesQuote,
  salesQuoteSchema,
} from "../domain/sales-quote.ts";
import { conflict, done, nowIso, retryOnConflict } from "./atomic.ts";
import { addAudit } from "./audit.ts";
import { keyedRecords } from "./records.ts";

const quoteKey = (id: string) => ["quote", id] as const;
/** The gapless yearly series: D2026-000001, D2026-000002, ... */
const counterKey = (year: string) => ["counter", "quote", year] as const;
const numberKey = (number: string) => ["quote_by_number", number] as const;

/** The list indexes of a quote: newest first, and by status. */
function indexKeys(q: SalesQuote): Deno.KvKey[] {
  const ms = Date.parse(q.createdAt);
  return [["quote_by_time", ms, q.id], ["quote_by_status", q.status, ms, q.id]];
}

/** Index entries one page may read past before it answers with what it found. */
const MAX_SCANNED = 5000;

/** Writes that belong in a quote's commit (an order, stock, mails), with the quote after. */
export type QuoteCommitExtra = (
  op: Deno.AtomicOperation,
  before: SalesQuote | null,
  after: SalesQuote,
) => Promise<void> | void;

export type SalesQuoteStore = ReturnType<typeof createSalesQuoteStore>;

/**
 * Quotes in KV. A new quote takes the next number of its year's series in the same checked
 * commit as its record and audit entry, so the series has no gap and no number twice; every
 * change is one checked commit with its indexes and its audit entry.
 */
export function createSalesQuoteStore(kv: Deno.Kv) {
  const records = keyedRecords(kv, quoteKey, salesQuoteSchema);

  function reindex(op: Deno.AtomicOperation, before: SalesQuote | null, after: SalesQuote) {
    const next = new Set(indexKeys(after).map((k) => JSON.stringify(k)));
    for (const k of before ? indexKeys(before) : []) {
      if (!next.has(JSON.stringify(k))) op.delete(k);
    }
    for (const k of indexKeys(after)) op.set(k, after.id);
  }

  return {
    get: records.get,

    async getByNumber(number: string): Promise<SalesQuote | null> {
      if (number.length > 40) return null;
      const id = await kv.get<string>(numberKey(number));
      return id.value ? await records.get(id.value) : null;
    },

    /** Stores a new quote under the next number of `year`, with its audit entry. */
    async create(
      year: string,
      build: (number: string, id: string) => Omit<SalesQuote, "updatedAt">,
      audit: (q: SalesQuote) => AuditDraft,
      extra?: QuoteCommitExtra,
    ): Promise<SalesQuote> {
      const id = newId();
      return await retryOnConflict(async () => {
        const counter = await kv.get<number>(counterKey(year));
        const n = (counter.value ?? 0) + 1;
        const number = formatQuoteNumber(year, n);
        const quote = salesQuoteSchema.parse({ ...build(number, id), updatedAt: nowIso() });
        const op = kv.atomic().check(counter).set(counterKey(year), n)
          .check({ key: numberKey(number), versionstamp: null })
          .set(numberKey(number), id)
          .set(quoteKey(id), quote);
        reindex(op, null, quote);
        addAudit(op, audit(quote));
        await extra?.(op, null, quote);
        return (await op.commit()).ok ? done(quote) : conflict;
      });
    },

    /**
     * Changes a quote in one commit checked against what was read: `change` may throw to refuse
     * (nothing is written), answers the quote after, or null to write nothing; `audit` describes
     * it and `extra` adds what belongs with it (the order of an acceptance).
     */
    async update(
      id: string,
      change: (q: SalesQuote) => SalesQuote | null,
      audit: ((before: SalesQuote, after: SalesQuote) => AuditDraft) | null,
      extra?: QuoteCommitExtra,
    ): Promise<{ quote: SalesQuote; changed: boolean }> {
      return await records.change(
        id,
        () => new NotFoundError("Quote not found"),
        async (current, op) => {
          const changed = change(current);
          if (!changed) return { quote: current, changed: false };
          const next = salesQuoteSchema.parse({ ...changed, updatedAt: nowIso() });
          op.set(quoteKey(id), next);
          reindex(op, current, next);
          if (audit) addAudit(op, audit(current, next));
          await extra?.(op, current, next);
          return { quote: next, changed: true };
        },
      );
    },

    /**
     * Adds a quote's change to another record's commit (the order an acceptance makes): the
     * quote as read now, checked, so a concurrent answer makes that commit fail and retry;
     * `change` may throw to refuse.
     */
    async stage(
      op: Deno.AtomicOperation,
      id: string,
      change: (q: SalesQuote) => SalesQuote,
      audit: (before: SalesQuote, after: SalesQuote) => AuditDraft,
    ): Promise<SalesQuote> {
      const { entry, record } = await records.read(id);
      if (!record) throw new NotFoundError("Quote not found");
      const next = salesQuoteSchema.parse({ ...change(record), updatedAt: nowIso() });
      op.check(entry).set(quoteKey(id), next);
      reindex(op, record, next);
      addAudit(op, audit(record, next));
      return next;
    },

    /** One page of quotes, newest first: by status, or all; a search text filters them. */
    async list(q: QuoteListQuery): Promise<{ quotes: SalesQuote[]; nextCursor: string | null }> {
      const prefix: Deno.KvKey = q.status ? ["quote_by_status", q.status] : ["quote_by_time"];
      const iter = kv.list<string>({ prefix }, {
        reverse: true,
        cursor: q.cursor || undefined,
        batchSize: q.limit + 1,
      });
      const quotes: SalesQuote[] = [];
      let scanned = 0;
      let more = false;
      try {
        for await (const e of iter) {
          const quote = await records.get(e.value);
          if (quote && (!q.q || quoteMatches(quote, q.q))) quotes.push(quote);
          if (quotes.length >= q.limit || ++scanned >= MAX_SCANNED) {
            more = true;
            break;
          }
        }
      } catch {
        // A cursor that is not one of ours: the first page.
        return await this.list({ ...q, cursor: undefined });
      }
      return { quotes, nextCursor: more ? iter.cursor : null };
    },
  };
}
