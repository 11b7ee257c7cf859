/** camt.053 statements made by tests: the shape banks send, in version .001.02 or .001.08. */

export interface TestCredit {
  /** The bank's reference of the entry (AcctSvcrRef). */
  ref: string;
  cents: number;
  valueDate?: string;
  payer?: string;
  /** A structured creditor reference (CdtrRefInf/Ref). */
  rf?: string;
  /** Unstructured remittance text (Ustrd). */
  text?: string;
  debit?: boolean;
  currency?: string;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const amount = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

function entry(c: TestCredit, version: "02" | "08"): string {
  const v8 = version === "08";
  const day = c.valueDate ?? "2026-11-26";
  const party = c.payer
    ? (v8
      ? `<RltdPties><Dbtr><Pty><Nm>${esc(c.payer)}</Nm></Pty></Dbtr></RltdPties>`
      : `<RltdPties><Dbtr><Nm>${esc(c.payer)}</Nm></Dbtr></RltdPties>`)
    : "";
  const rmt = c.rf || c.text
    ? `<RmtInf>${c.text ? `<Ustrd>${esc(c.text)}</Ustrd>` : ""}${
      c.rf
        ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>ISO</Issr></Tp><Ref>${c.rf}</Ref></CdtrRefInf></Strd>`
        : ""
    }</RmtInf>`
    : "";
  const ccy = c.currency ?? "EUR";
  return `<Ntry><Amt Ccy="${ccy}">${amount(c.cents)}</Amt><CdtDbtInd>${
    c.debit ? "DBIT" : "CRDT"
  }</CdtDbtInd>${
    v8 ? "<Sts><Cd>BOOK</Cd></Sts>" : "<Sts>BOOK</Sts>"
  }<BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt><AcctSvcrRef>${c.ref}</AcctSvcrRef><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd><NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>${
    v8 ? `<Amt Ccy="${ccy}">${amount(c.cents)}</Amt><CdtDbtInd>CRDT</CdtDbtInd>` : ""
  }${party}${rmt}</TxDtls></NtryDtls></Ntry>`;
}

/** A statement of `credits` (and debits) in camt.053.001.`version`. */
export function camt053(
  credits: TestCredit[],
  options: { version?: "02" | "08"; id?: string } = {},
): string {
  const version = options.version ?? "02";
  const id = options.id ?? "STMT-2026-11-26";
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<BkToCstmrStmt><GrpHdr><MsgId>MSG-${id}</MsgId><CreDtTm>2026-11-26T20:00:00</CreDtTm></GrpHdr>
<Stmt><Id>${id}</Id><ElctrncSeqNb>1</ElctrncSeqNb><CreDtTm>2026-11-26T20:00:00</CreDtTm>
<Acct><Id><IBAN>FR7630006000011234567890189</IBAN></Id></Acct>
${credits.map((c) => entry(c, version)).join("\n")}
</Stmt></BkToCstmrStmt></Document>`;
}
