const rules = new Intl.PluralRules("en");

/** A count with its noun in the right number: "1 order", "0 orders", "2 orders". */
export function countOf(n: number, one: string, other = `${one}s`): string {
  return `${n} ${rules.select(n) === "one" ? one : other}`;
}
