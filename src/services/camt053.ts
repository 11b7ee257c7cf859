import { SaxesParser } from "saxes";
import {
  CAMT053_NAMESPACES,
  decimalCents,
  MAX_STATEMENT_BYTES,
  type ParsedStatement,
  type StatementCredit,
} from "../domain/bank-statement.ts";
import { DomainError } from "../domain/errors.ts";

/**
 * Reads a camt.053 statement with saxes, a maintained, strict, streaming XML parser: it checks
 * well-formedness and namespaces, never fetches anything and never expands an entity declared
 * in a DTD (an unknown entity is an error). We refuse any DOCTYPE outright, so no XXE and no
 * billion laughs; the size is bounded before a byte is parsed and every text and entry too, so
 * a hostile file costs at most its (bounded) size. Only one entry (`Ntry`) is held at a time as
 * a small tree: memory stays flat whatever the number of entries.
 */

/** A statement the shop cannot read: 422 with why, nothing recorded. */
export class StatementError extends DomainError {
  constructor(message: string, status: 413 | 415 | 422 = 422) {
    super(status, "invalid_statement", message);
  }
}

const MAX_DEPTH = 40;
const MAX_TEXT = 4096;
const MAX_NODES_PER_ENTRY = 2000;
const MAX_ENTRIES = 200_000;
/** How much of the file is decoded and parsed at a time. */
const SLICE_BYTES = 65536;

interface Node {
  name: string;
  attrs: Record<string, string>;
  children: Node[];
  text: string;
}

/** The first descendant along `path` ("NtryDtls/TxDtls"), or undefined. */
function at(node: Node | undefined, path: string): Node | undefined {
  let n = node;
  for (const step of path.split("/")) {
    n = n?.children.find((c) => c.name === step);
    if (!n) return undefined;
  }
  return n;
}

/** Every node along `path` (the last step may repeat). */
function all(node: Node | undefined, path: string): Node[] {
  const steps = path.split("/");
  const last = steps.pop()!;
  const parent = steps.length ? at(node, steps.join("/")) : node;
  return parent?.children.filter((c) => c.name === last) ?? [];
}

const textAt = (node: Node | undefined, path: string) => at(node, path)?.text.trim() ?? "";

/** A date or date-time element's day. */
const dayOf = (node: Node | undefined) => (textAt(node, "Dt") || textAt(node, "DtTm")).slice(0, 10);

function amountOf(node: Node | undefined): { cents: number; currency: string } | null {
  if (!node) return null;
  const cents = decimalCents(node.text);
  if (cents === null) {
    throw new StatementError(`Amount "${node.text.slice(0, 30)}" is not a valid amount`);
  }
  return { cents, currency: (node.attrs.Ccy ?? "").slice(0, 3) };
}

/** The payer's name: .02 writes Dbtr/Nm, .08 Dbtr/Pty/Nm; an ultimate debtor if no debtor. */
function payerOf(tx: Node | undefined): string {
  const parties = at(tx, "RltdPties");
  return (textAt(parties, "Dbtr/Nm") || textAt(parties, "Dbtr/Pty/Nm") ||
    textAt(parties, "UltmtDbtr/Nm") || textAt(parties, "UltmtDbtr/Pty/Nm")).slice(0, 300);
}

function remittanceOf(tx: Node | undefined) {
  const rmt = at(tx, "RmtInf");
  const reference = all(rmt, "Strd").map((s) => textAt(s, "CdtrRefInf/Ref")).find(Boolean) ?? null;
  const text = all(rmt, "Ustrd").map((u) => u.text.trim()).join(" ").slice(0, 1000);
  return { reference: reference ? reference.slice(0, 100) : null, text };
}

/** The credits of one entry: one per transaction detail, or the entry itself. */
function creditsOf(entry: Node, statementId: string, index: number): StatementCredit[] | null {
  if (textAt(entry, "CdtDbtInd") !== "CRDT") return null;
  if (textAt(entry, "RvslInd") === "true") return null;
  const status = textAt(entry, "Sts/Cd") || textAt(entry, "Sts");
  if (status && status !== "BOOK") return null;
  const valueDate = dayOf(at(entry, "ValDt")) || dayOf(at(entry, "BookgDt"));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(valueDate)) {
    throw new StatementError(`Entry ${index + 1} has no value date`);
  }
  const entryAmount = amountOf(at(entry, "Amt"));
  if (!entryAmount) throw new StatementError(`Entry ${index + 1} has no amount`);
  const entryRef = textAt(entry, "AcctSvcrRef") || textAt(entry, "NtryRef");
  const txs = all(at(entry, "NtryDtls"), "TxDtls");
  const entryId = entryRef ? `camt:${entryRef}` : `camt:${statementId}:${index + 1}`;
  if (txs.length <= 1) {
    const tx = txs[0];
    return [{
      id: (textAt(tx, "Refs/AcctSvcrRef") ? `camt:${textAt(tx, "Refs/AcctSvcrRef")}` : entryId)
        .slice(0, 200),
      amountCents: entryAmount.cents,
      currency: entryAmount.currency,
      valueDate,
      payer: payerOf(tx),
      ...remittanceOf(tx),
    }];
  }
  // A batch: each transaction is a payment, with its own amount and reference.
  return txs.map((tx, i) => {
    const amount = amountOf(at(tx, "Amt")) ?? amountOf(at(tx, "AmtDtls/TxAmt/Amt"));
    if (!amount) throw new StatementError(`Entry ${index + 1}, transaction ${i + 1} has no amount`);
    const ref = textAt(tx, "Refs/AcctSvcrRef");
    return {
      id: (ref ? `camt:${ref}` : `${entryId}:${i + 1}`).slice(0, 200),
      amountCents: amount.cents,
      currency: amount.currency,
      valueDate,
      payer: payerOf(tx),
      ...remittanceOf(tx),
    };
  }).filter((c) => c.amountCents > 0);
}

/**
 * The statement in `bytes` (UTF-8 XML), or a StatementError (422; 413 when too large) saying
 * why: not UTF-8, a DOCTYPE, not well-formed or truncated, not camt.053, an entry unreadable.
 */
export function parseCamt053(bytes: Uint8Array): ParsedStatement {
  if (bytes.length > MAX_STATEMENT_BYTES) {
    throw new StatementError(
      `A statement is at most ${MAX_STATEMENT_BYTES / 1024 / 1024} MB`,
      413,
    );
  }
  const parser = new SaxesParser({ xmlns: true, position: false });
  let version = "";
  let namespace = "";
  let statementId = "";
  let iban: string | null = null;
  const credits: StatementCredit[] = [];
  let skipped = 0;
  let entries = 0;
  /** Local names from the root down. */
  const path: string[] = [];
  /** The entry being read (a small tree), and its open nodes. */
  let entry: Node | null = null;
  const open: Node[] = [];
  let nodes = 0;
  /** Text of a statement-level field being read (Stmt/Id, the IBAN). */
  let field: "id" | "iban" | null = null;
  let fieldText = "";
  let failure: Error | null = null;

  parser.on("doctype", () => {
    throw new StatementError("DTDs and entity declarations are refused in a statement");
  });
  parser.on("error", (err) => {
    failure ??= err;
  });
  parser.on("opentag", (tag) => {
    if (failure) return;
    const name = tag.local;
    if (path.length === 0) {
      const ns = tag.uri;
      if (name !== "Document" || !CAMT053_NAMESPACES.includes(ns)) {
        throw new StatementError(
          "This is not a camt.053 bank statement (expected a Document of namespace urn:iso:std:iso:20022:tech:xsd:camt.053.001.02 to .08)",
        );
      }
      namespace = ns;
      version = ns.slice(ns.lastIndexOf(":") + 1);
    } else if (tag.uri !== namespace) {
      throw new StatementError(`Element ${name} is outside the statement's namespace`);
    }
    path.push(name);
    if (path.length > MAX_DEPTH) throw new StatementError("The statement nests too deep");
    const where = path.join("/");
    if (entry) {
      if (++nodes > MAX_NODES_PER_ENTRY) throw new StatementError("An entry is too large");
      const attrs: Record<string, string> = {};
      for (const a of Object.values(tag.attributes)) attrs[a.local] = a.value.slice(0, 100);
      const node: Node = { name, attrs, children: [], text: "" };
      open.at(-1)!.children.push(node);
      open.push(node);
    } else if (where === "Document/BkToCstmrStmt/Stmt/Ntry") {
      if (++entries > MAX_ENTRIES) throw new StatementError("The statement has too many entries");
      entry = { name, attrs: {}, children: [], text: "" };
      open.push(entry);
      nodes = 0;
    } else if (where === "Document/BkToCstmrStmt/Stmt/Id") field = "id";
    else if (where === "Document/BkToCstmrStmt/Stmt/Acct/Id/IBAN") field = "iban";
  });
  parser.on("text", (text) => {
    if (entry && open.length > 1) {
      const node = open.at(-1)!;
      if (node.text.length + text.length > MAX_TEXT) {
        throw new StatementError("A field is too long");
      }
      node.text += text;
    } else if (field) {
      fieldText += text.slice(0, MAX_TEXT);
    }
  });
  parser.on("closetag", () => {
    if (failure) return;
    path.pop();
    if (entry) {
      open.pop();
      if (open.length === 0) {
        const found = creditsOf(entry, statementId, entries - 1);
        if (found) credits.push(...found);
        else skipped++;
        entry = null;
      }
    } else if (field) {
      if (field === "id") statementId = fieldText.trim().slice(0, 100);
      else iban = fieldText.replace(/\s+/g, "").slice(0, 34);
      field = null;
      fieldText = "";
    }
  });
  // Decoded and fed a slice at a time: the file is never held as one string, and a huge single
  // text node is refused before it is all buffered.
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const decode = (slice: Uint8Array, stream: boolean) => {
    try {
      return decoder.decode(slice, { stream });
    } catch {
      throw new StatementError("The statement is not UTF-8 text");
    }
  };
  try {
    for (let i = 0; i < bytes.length && !failure; i += SLICE_BYTES) {
      parser.write(decode(bytes.subarray(i, i + SLICE_BYTES), true));
    }
    if (!failure) {
      parser.write(decode(new Uint8Array(), false));
      parser.close();
    }
  } catch (err) {
    if (err instanceof StatementError) throw err;
    failure ??= err as Error;
  }
  if (failure) {
    throw new StatementError(
      `The statement is not well-formed XML: ${failure.message.slice(0, 200)}`,
    );
  }
  if (!version) throw new StatementError("The statement is empty");
  return { id: statementId, iban, version, credits, skipped };
}
