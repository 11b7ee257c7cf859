import { ConflictError, NotFoundError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { toCents } from "../domain/money.ts";
import {
  countryKey,
  type ShippingFee,
  type ShippingFeeInput,
  shippingFeeInputSchema,
  shippingFeeSchema,
} from "../domain/shipping-fee.ts";
import type { AuditDraft } from "../domain/audit.ts";
import { listValues, nowIso, type ReadOptions } from "./atomic.ts";
import { addAudit } from "./audit.ts";
import { keyedRecords } from "./records.ts";

const feeKey = (id: string) => ["shipping_fee", id] as const;
/** One fee per country: the unique index. */
const countryIndexKey = (country: string) =>
  ["shipping_fee_by_country", countryKey(country)] as const;
const notFound = () => new NotFoundError("Shipping fee not found");
/** At most this many countries' fee ids are remembered by `getByCountry`. */
const REMEMBERED_COUNTRIES = 500;

export type ShippingFeeStore = ReturnType<typeof createShippingFeeStore>;

/** Describes the audit entry of a fee write from the record before and after it. */
export type FeeAuditFor = (before: ShippingFee | null, after: ShippingFee | null) => AuditDraft;

const duplicate = (country: string) =>
  new ConflictError(`A shipping fee for ${country} already exists`, [
    { field: "country", message: `A shipping fee for ${country} already exists` },
  ]);

export function createShippingFeeStore(kv: Deno.Kv) {
  const fees = keyedRecords(kv, feeKey, shippingFeeSchema);
  const { get, parse } = fees;
  /** Each country's fee id as last read (countries are few; a full map starts over). */
  const idOf = new Map<string, string>();

  return {
    get,

    async list(options?: ReadOptions): Promise<ShippingFee[]> {
      const fees = await listValues(kv, ["shipping_fee"], parse, options);
      return fees.sort((a, b) => a.country.localeCompare(b.country, "en"));
    },

    /**
     * The country's fee, in one read when this instance has seen it before: its index entry is
     * read with the fee it named then, and the fee counts only while the index still names it.
     */
    async getByCountry(country: string, options?: ReadOptions): Promise<ShippingFee | null> {
      const index = countryIndexKey(country);
      const seen = idOf.get(index[1]);
      const [id, fee] = await kv.getMany<[string, unknown]>(
        [index, feeKey(seen ?? "")],
        options,
      );
      if (!id.value) return null;
      if (idOf.size >= REMEMBERED_COUNTRIES) idOf.clear();
      idOf.set(index[1], id.value);
      if (id.value === seen) return fee.value ? parse(fee.value) : null;
      return await get(id.value, options);
    },

    async create(input: ShippingFeeInput, audit?: FeeAuditFor): Promise<ShippingFee> {
      const data = shippingFeeInputSchema.parse(input);
      const now = nowIso();
      const fee: ShippingFee = {
        schemaVersion: 1,
        id: newId(),
        country: data.country,
        feeCents: toCents(data.shippingFee),
        currency: data.currency,
        isActive: data.isActive,
        createdAt: now,
        updatedAt: now,
      };
      if (!(await fees.insert(fee.id, fee, countryIndexKey(fee.country), audit?.(null, fee)))) {
        throw duplicate(fee.country);
      }
      return fee;
    },

    async update(
      id: string,
      patch: Partial<ShippingFeeInput>,
      audit?: FeeAuditFor,
    ): Promise<ShippingFee> {
      return await fees.change(id, notFound, async (current, op) => {
        const data = shippingFeeInputSchema.parse({
          country: current.country,
          shippingFee: current.feeCents / 100,
          currency: current.currency,
          isActive: current.isActive,
          ...patch,
        });
        const fee: ShippingFee = {
          ...current,
          country: data.country,
          feeCents: toCents(data.shippingFee),
          currency: data.currency,
          isActive: data.isActive,
          updatedAt: nowIso(),
        };
        op.set(feeKey(id), fee);
        const renamed = countryKey(fee.country) !== countryKey(current.country);
        if (renamed) {
          const taken = await kv.get(countryIndexKey(fee.country));
          if (taken.value) throw duplicate(fee.country);
          op.check(taken).delete(countryIndexKey(current.country))
            .set(countryIndexKey(fee.country), id);
        }
        if (audit) addAudit(op, audit(current, fee));
        return fee;
      });
    },

    async remove(id: string, audit?: FeeAuditFor): Promise<void> {
      await fees.change(id, notFound, (current, op) => {
        op.delete(feeKey(id)).delete(countryIndexKey(current.country));
        if (audit) addAudit(op, audit(current, null));
      });
    },
  };
}
