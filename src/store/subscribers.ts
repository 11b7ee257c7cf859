import { normalizeEmail } from "../domain/email.ts";
import { NotFoundError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import {
  emailSearchTokens,
  statusOf,
  type Subscriber,
  subscriberSchema,
  type SubscriberStatus,
} from "../domain/subscriber.ts";
import type { AuditDraft } from "../domain/audit.ts";
import { addAudit } from "./audit.ts";
import { conflict, done, listValues, nowIso, retryOnConflict } from "./atomic.ts";
import { keyedRecords } from "./records.ts";
import { readAll } from "./read-batch.ts";

const subscriberKey = (id: string) => ["subscriber", id] as const;
/** One subscriber per email: the unique index. */
const emailKey = (email: string) => ["subscriber_by_email", normalizeEmail(email)] as const;
const notFound = () => new NotFoundError("Subscriber not found");
const statusKey = (s: Subscriber) =>
  ["subscriber_by_status", statusOf(s), Date.parse(s.createdAt), s.id] as const;
/** The month (UTC, as year * 12 + month) a subscriber was created in: the unit of the counts. */
const monthOf = (s: Subscriber) => {
  const d = new Date(s.createdAt);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};
const monthEndMs = (month: number) => Date.UTC(Math.floor(month / 12), (month % 12) + 1);
/**
 * Subscribers per status and creation month, as two sums (KvU64 cannot go below zero): the
 * count is added minus removed. Sums never conflict, so counting adds no contention to
 * subscribing; per month, so a deep page skips whole months by their counts.
 */
const countKey = (status: SubscriberStatus, month: number, way: "added" | "removed") =>
  ["subscriber_count", status, month, way] as const;
/** Bumped when the list indexes change shape: subscribers written before are indexed once. */
const INDEX_VERSION = 1;
const INDEX_VERSION_KEY = ["meta", "subscriber_index_version"] as const;

/**
 * The list indexes of a subscriber, key -> value: newest first overall and per status
 * (`[index, ..., createdAtMs, id] -> id`), and one search entry per part of the address
 * (`["subscriber_search", token, id] -> [createdAtMs, active]`), so a page is a range read.
 */
function indexEntries(s: Subscriber): [Deno.KvKey, unknown][] {
  const ms = Date.parse(s.createdAt);
  return [
    [["subscriber_by_created", ms, s.id], s.id],
    [statusKey(s), s.id],
    ...emailSearchTokens(s.email).map((t): [Deno.KvKey, unknown] => [
      ["subscriber_search", t, s.id],
      [ms, s.subscribed],
    ]),
  ];
}

/** Moves a subscriber's index entries and counts from `before` to `after` inside `op`. */
function reindex(op: Deno.AtomicOperation, before: Subscriber | null, after: Subscriber | null) {
  const next = after ? indexEntries(after) : [];
  const kept = new Set(next.map(([k]) => JSON.stringify(k)));
  for (const [k] of before ? indexEntries(before) : []) {
    if (!kept.has(JSON.stringify(k))) op.delete(k);
  }
  for (const [k, v] of next) op.set(k, v);
  const [was, is] = [before && statusOf(before), after && statusOf(after)];
  if (was === is) return;
  if (was) op.sum(countKey(was, monthOf(before!), "removed"), 1n);
  if (is) op.sum(countKey(is, monthOf(after!), "added"), 1n);
}

/**
 * Search entries one page reads at most (as for orders). A broader term (a common domain) is
 * answered from these, read backwards: for one address part, its newest subscribers; the page
 * says it is `capped` and its total is a floor.
 */
const MAX_SEARCH_HITS = 2000;
/**
 * Subscribers indexed per commit at startup: KV allows 100 checks (two each) and 1000 writes
 * (at most 27 each: two list entries, 24 search entries, a count).
 */
const INDEX_BATCH = 36;

export interface SubscriberPage {
  items: Subscriber[];
  total: number;
  capped: boolean;
}

export interface SubscriberQuery {
  page: number;
  limit: number;
  status: string;
  search: string;
}

export type SubscriberStore = ReturnType<typeof createSubscriberStore>;

export function createSubscriberStore(kv: Deno.Kv) {
  const subscriberRecords = keyedRecords(kv, subscriberKey, subscriberSchema);
  const { get, parse } = subscriberRecords;

  async function getByEmail(email: string): Promise<Subscriber | null> {
    const id = await kv.get<string>(emailKey(email));
    return id.value ? await get(id.value) : null;
  }

  /** The subscribers of `ids`, in order (one deleted meanwhile is left out). */
  async function byIds(ids: string[]): Promise<Subscriber[]> {
    const entries = await readAll(kv, ids.map(subscriberKey));
    return entries.flatMap((e) => e.value ? [parse(e.value)] : []);
  }

  /** Subscribers with that status (null: all) per creation month, newest month first. */
  async function monthCounts(status: SubscriberStatus | null): Promise<[number, number][]> {
    const merged = new Map<number, number>();
    for (const st of status ? [status] : ["active", "inactive"] as const) {
      const net = new Map<number, bigint>();
      for await (const e of kv.list<Deno.KvU64>({ prefix: ["subscriber_count", st] })) {
        const [month, way] = [Number(e.key[2]), e.key[3]];
        net.set(month, (net.get(month) ?? 0n) + (way === "added" ? 1n : -1n) * e.value.value);
      }
      for (const [month, n] of net) {
        if (n > 0n) merged.set(month, (merged.get(month) ?? 0) + Number(n));
      }
    }
    return [...merged].sort((a, b) => b[0] - a[0]);
  }

  /** Subscribers with that status (null: all), from the counts. */
  async function count(status: SubscriberStatus | null): Promise<number> {
    return (await monthCounts(status)).reduce((sum, [, n]) => sum + n, 0);
  }

  /**
   * Newest first from the status (or creation) index: whole months are skipped by their
   * counts, so a page reads at most one month's entries before its own.
   */
  async function listPage(
    status: SubscriberStatus | null,
    skip: number,
    limit: number,
  ): Promise<SubscriberPage> {
    const months = await monthCounts(status);
    const total = months.reduce((sum, [, n]) => sum + n, 0);
    if (skip >= total) return { items: [], total, capped: false };
    // The month the page starts in, and how many newer subscribers come before it.
    let before = 0;
    let month = months[0][0];
    for (const [m, n] of months) {
      month = m;
      if (before + n > skip) break;
      before += n;
    }
    const prefix = status ? ["subscriber_by_status", status] : ["subscriber_by_created"];
    const offset = skip - before;
    const iter = kv.list<string>({ start: prefix, end: [...prefix, monthEndMs(month)] }, {
      reverse: true,
      limit: offset + limit,
      batchSize: Math.min(offset + limit, 500),
    });
    const ids: string[] = [];
    let at = 0;
    for await (const e of iter) if (at++ >= offset) ids.push(e.value);
    return { items: await byIds(ids), total, capped: false };
  }

  /**
   * Newest first among the addresses with a part starting with `term` (see
   * `emailSearchTokens`), read from the search index; the status is in each entry.
   */
  async function searchPage(
    term: string,
    status: SubscriberStatus | null,
    skip: number,
    limit: number,
  ): Promise<SubscriberPage> {
    const hits = new Map<string, number>();
    let read = 0;
    const iter = kv.list<[number, boolean]>({
      start: ["subscriber_search", term],
      end: ["subscriber_search", `${term}\uffff`],
    }, { reverse: true, limit: MAX_SEARCH_HITS, batchSize: 1000 });
    for await (const e of iter) {
      read++;
      const [ms, active] = e.value;
      if (status && (status === "active") !== active) continue;
      hits.set(String(e.key[2]), ms);
    }
    const sorted = [...hits].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1));
    const ids = sorted.slice(skip, skip + limit).map(([id]) => id);
    return { items: await byIds(ids), total: sorted.length, capped: read === MAX_SEARCH_HITS };
  }

  /** Indexes the subscribers of `ids` that are not yet (no status entry), in one commit. */
  async function indexBatch(ids: string[]): Promise<number> {
    return await retryOnConflict(async () => {
      const records = (await readAll(kv, ids.map(subscriberKey))).filter((e) => e.value);
      const subscribers = records.map((e) => parse(e.value));
      const marks = await readAll(kv, subscribers.map(statusKey));
      const op = kv.atomic();
      let n = 0;
      for (const [i, s] of subscribers.entries()) {
        if (marks[i].value) continue;
        op.check(records[i]).check(marks[i]);
        reindex(op, null, s);
        n++;
      }
      if (n === 0) return done(0);
      return (await op.commit()).ok ? done(n) : conflict;
    });
  }

  return {
    get,
    getByEmail,
    count,

    /**
     * Subscribes an email, recording consent (time, page). A known email stays one subscriber;
     * one that had unsubscribed is subscribed again with the new consent.
     */
    async subscribe(
      email: string,
      source: string,
      lang: "en" | "fr" = "en",
    ): Promise<{ subscriber: Subscriber; created: boolean }> {
      const address = normalizeEmail(email);
      return await retryOnConflict<{ subscriber: Subscriber; created: boolean }>(async () => {
        const index = await kv.get<string>(emailKey(address));
        const now = nowIso();
        if (index.value) {
          const { entry, record: current } = await subscriberRecords.read(index.value);
          if (current?.subscribed) return done({ subscriber: current, created: false });
          if (current) {
            const { unsubscribedAt: _gone, ...rest } = current;
            const next: Subscriber = {
              ...rest,
              subscribed: true,
              consent: { at: now, source },
              lang,
            };
            const op = kv.atomic().check(entry).set(subscriberKey(current.id), next);
            reindex(op, current, next);
            return (await op.commit()).ok ? done({ subscriber: next, created: false }) : conflict;
          }
        }
        const subscriber: Subscriber = {
          schemaVersion: 1,
          id: newId(),
          email: address,
          subscribed: true,
          consent: { at: now, source },
          lang,
          createdAt: now,
        };
        const op = kv.atomic().check(index)
          .set(subscriberKey(subscriber.id), subscriber)
          .set(emailKey(address), subscriber.id);
        reindex(op, null, subscriber);
        return (await op.commit()).ok ? done({ subscriber, created: true }) : conflict;
      });
    },

    /** Marks a subscriber as unsubscribed (kept, so the opt-out is remembered). */
    async unsubscribe(email: string): Promise<Subscriber | null> {
      return await retryOnConflict<Subscriber | null>(async () => {
        const index = await kv.get<string>(emailKey(email));
        if (!index.value) return done(null);
        const { entry, record: current } = await subscriberRecords.read(index.value);
        if (!current) return done(null);
        if (!current.subscribed) return done(current);
        const next: Subscriber = { ...current, subscribed: false, unsubscribedAt: nowIso() };
        const op = kv.atomic().check(entry).set(subscriberKey(current.id), next);
        reindex(op, current, next);
        return (await op.commit()).ok ? done(next) : conflict;
      });
    },

    list(): Promise<Subscriber[]> {
      return listValues(kv, ["subscriber"], parse);
    },

    /** Every subscriber, oldest first, read as it goes (exports never hold them all). */
    async *each(): AsyncGenerator<Subscriber> {
      for await (const e of kv.list({ prefix: ["subscriber"] })) yield parse(e.value);
    },

    /**
     * One page of subscribers, newest first, with the matching total: `status` active or
     * inactive (else all), `search` the start of the address or of one of its parts, any case.
     */
    page(q: SubscriberQuery): Promise<SubscriberPage> {
      const status = q.status === "active" || q.status === "inactive" ? q.status : null;
      const term = q.search.trim().toLowerCase();
      const skip = (q.page - 1) * q.limit;
      return term ? searchPage(term, status, skip, q.limit) : listPage(status, skip, q.limit);
    },

    /** Writes the list indexes and counts of subscribers stored before them; once per version. */
    async ensureIndexes(): Promise<number> {
      const marker = await kv.get<number>(INDEX_VERSION_KEY);
      if ((marker.value ?? 0) >= INDEX_VERSION) return 0;
      let n = 0;
      let ids: string[] = [];
      for await (const e of kv.list({ prefix: ["subscriber"] })) {
        ids.push(String(e.key[1]));
        if (ids.length < INDEX_BATCH) continue;
        n += await indexBatch(ids);
        ids = [];
      }
      if (ids.length) n += await indexBatch(ids);
      await kv.set(INDEX_VERSION_KEY, INDEX_VERSION);
      return n;
    },

    /** Active subscribers after `cursor` (a KV list cursor), in creation order, a batch at a time. */
    async activeBatch(cursor: string | null, size: number) {
      const iter = kv.list({ prefix: ["subscriber"] }, {
        cursor: cursor ?? undefined,
        limit: size,
      });
      const batch: Subscriber[] = [];
      let read = 0;
      for await (const e of iter) {
        read++;
        const s = parse(e.value);
        if (s.subscribed) batch.push(s);
      }
      return { batch, cursor: read < size ? null : iter.cursor, done: read < size };
    },

    async remove(id: string, audit?: (s: Subscriber) => AuditDraft): Promise<void> {
      await subscriberRecords.change(id, notFound, (subscriber, op) => {
        op.delete(subscriberKey(id)).delete(emailKey(subscriber.email));
        reindex(op, subscriber, null);
        if (audit) addAudit(op, audit(subscriber));
      });
    },
  };
}
