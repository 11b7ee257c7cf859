import { company as companyMessages } from "../../../i18n/messages/en/company.ts";
import FormField from "../../../ui/FormField.tsx";

/** A company's fields, labelled as the checkout labels them (SIREN: French companies only). */
export const COMPANY = companyMessages.companyFields;
export const COMPANY_FIELDS = ["companyName", "vatNumber", "siren", "purchaseOrder"] as const;
export type CompanyField = typeof COMPANY_FIELDS[number];

/** The fields a company box sends (SIREN only for a French company). */
export const companyFieldsFor = (isFrance: boolean) =>
  COMPANY_FIELDS.filter((name) => name !== "siren" || isFrance);

/** The company box's labels by the API's field path, for error sentences. */
export const COMPANY_LABELS = Object.fromEntries(
  COMPANY_FIELDS.map((name) => [`business.${name}`, COMPANY[name]]),
);

/**
 * The company box of staff's order and quote forms: name (required), VAT number (its VIES
 * error under it; taken when staff leave the field, not at each key), SIREN for France, purchase
 * order.
 */
export default function CompanyFields(
  { field, isFrance, vatError, onVatNumber, class: cls = "mt-2" }: {
    field: (
      name: CompanyField,
    ) => { id: string; value: string; onInput: (e: { currentTarget: { value: string } }) => void };
    isFrance: boolean;
    vatError?: string;
    onVatNumber: (vat: string) => void;
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
    </fieldset>
  );
}
