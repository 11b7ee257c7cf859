import type { FieldError } from "../../../domain/errors.ts";
import { company as companyMessages } from "../../../i18n/messages/en/company.ts";
import FormField from "../../../ui/FormField.tsx";
import CheckboxField from "../ui/CheckboxField.tsx";

/** A company's fields, labelled as the checkout labels them (SIREN: French companies only). */
export const COMPANY = companyMessages.companyFields;
export const COMPANY_FIELDS = ["companyName", "vatNumber", "siren", "purchaseOrder"] as const;
export type CompanyField = typeof COMPANY_FIELDS[number];
/** A French public body's (Chorus Pro): which it must give, its structure's directory says. */
export const PUBLIC_BODY_FIELDS = ["siret", "serviceCode", "engagementNumber"] as const;
export type PublicBodyField = typeof PUBLIC_BODY_FIELDS[number];

/** The fields a company box sends (SIREN only for a French company). */
export const companyFieldsFor = (isFrance: boolean) =>
  COMPANY_FIELDS.filter((name) => name !== "siren" || isFrance);

/** The company box's labels by the API's field path, for error sentences. */
export const COMPANY_LABELS = Object.fromEntries([
  ...COMPANY_FIELDS.map((name) => [`business.${name}`, COMPANY[name]]),
  ...PUBLIC_BODY_FIELDS.map((name) => [`business.publicBody.${name}`, COMPANY[name]]),
]);

/**
 * The `business` a company box sends: its fields trimmed, and a public body's under
 * `publicBody` when staff ticked it for a French buyer (blank ones are not given).
 */
export function businessOf(
  values: Record<CompanyField | PublicBodyField, string>,
  isFrance: boolean,
  publicBody: boolean,
) {
  return {
    ...Object.fromEntries(companyFieldsFor(isFrance).map((name) => [name, values[name].trim()])),
    ...(publicBody && isFrance
      ? {
        publicBody: Object.fromEntries(
          PUBLIC_BODY_FIELDS.map((name) => [name, values[name].trim()])
            .filter(([name, v]) => v || name === "siret"),
        ),
      }
      : {}),
  };
}

/**
 * The company box of staff's order and quote forms: name (required), VAT number (its VIES
 * error under it; taken when staff leave the field, not at each key), SIREN for France, purchase
 * order; for France, "Public body (Chorus Pro)" and its SIRET, service code and engagement
 * number, each with the server's refusal under it (what the structure's directory requires).
 */
export default function CompanyFields(
  {
    field,
    isFrance,
    vatError,
    onVatNumber,
    publicBody,
    onPublicBody,
    errors = [],
    class: cls = "mt-2",
  }: {
    field: (
      name: CompanyField | PublicBodyField,
    ) => { id: string; value: string; onInput: (e: { currentTarget: { value: string } }) => void };
    isFrance: boolean;
    vatError?: string;
    onVatNumber: (vat: string) => void;
    publicBody: boolean;
    onPublicBody: (on: boolean) => void;
    /** The server's field errors of the last try. */
    errors?: FieldError[];
    class?: string;
  },
) {
  return (
    <fieldset class={`${cls} grid gap-3 sm:grid-cols-2`}>
      <legend class="sr-only">{companyMessages.companyTitle}</legend>
      {companyFieldsFor(isFrance).map((name) => (
        <FormField
          key={name}
          label={COMPANY[name]}
          marked={name === "companyName"}
          required={name === "companyName"}
          autocomplete={name === "companyName" ? "organization" : "off"}
          error={name === "vatNumber" ? vatError : undefined}
          onChange={name === "vatNumber"
            ? (e) => onVatNumber(e.currentTarget.value.trim())
            : undefined}
          {...field(name)}
        />
      ))}
      {isFrance && (
        <CheckboxField
          class="sm:col-span-2"
          label={companyMessages.publicBody}
          name="publicBody"
          checked={publicBody}
          onChange={(e) => onPublicBody(e.currentTarget.checked)}
        />
      )}
      {isFrance && publicBody && PUBLIC_BODY_FIELDS.map((name) => (
        <FormField
          key={name}
          label={COMPANY[name]}
          marked={name === "siret"}
          required={name === "siret"}
          autocomplete="off"
          error={errors.find((e) => e.field.endsWith(`publicBody.${name}`))?.message}
          {...field(name)}
        />
      ))}
    </fieldset>
  );
}
