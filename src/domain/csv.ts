import { z } from "zod";

/**
 * CSV for spreadsheets. Two dialects: the standard one (`,` between cells, `.` in decimals)
 * and "Excel (FR)" (`;` and decimal commas, what Excel set to French reads without an import
 * wizard). Files start with a byte order mark, so Excel reads UTF-8 (accents, €) as such.
 */
export const CSV_DIALECTS = {
  standard: { separator: ",", decimal: "." },
  "excel-fr": { separator: ";", decimal: "," },
} as const;
export type CsvDialect = keyof typeof CSV_DIALECTS;

/** `?format=`: the dialect of an export (standard when left out). */
export const csvFormatSchema = z.object({
  format: z.enum(Object.keys(CSV_DIALECTS) as [CsvDialect, ...CsvDialect[]], {
    error: "format must be standard or excel-fr",
  }).default("standard"),
});

export const CSV_BOM = "\uFEFF";

/** A number cell, written in the plain form "-57.42" (a dialect may change its decimal point). */
export interface CsvNumber {
  readonly number: string;
}

/** A cell: free text (guarded against formulas) or a number (written as a number). */
export type CsvCell = string | CsvNumber;

/** An amount in cents as a number cell: "-57.42". */
export const csvAmount = (cents: number): CsvNumber => ({ number: (cents / 100).toFixed(2) });

/** A count or a rate as a number cell: "20", "5.5". */
export const csvNumber = (n: number): CsvNumber => ({ number: String(n) });

/**
 * One text cell: quoted when it holds the separator, a quote or a line break; text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe
 * (CSV injection). Numbers are not text: a negative amount stays a number.
 */
function textCell(value: string, separator: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(separator) || /["\r\n]/.test(safe)
    ? `"${safe.replaceAll('"', '""')}"`
    : safe;
}

/** One CSV line in a dialect, CRLF-terminated. */
export function csvRow(cells: readonly CsvCell[], dialect: CsvDialect = "standard"): string {
  const { separator, decimal } = CSV_DIALECTS[dialect];
  return `${
    cells.map((c) =>
      typeof c === "string" ? textCell(c, separator) : c.number.replace(".", decimal)
    ).join(separator)
  }\r\n`;
}
