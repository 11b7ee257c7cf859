/**
 * The HTML part of the buyer's order mails: one template for every mail about an order.
 * Tables and inline styles (what mail clients render), the shop's colours, a dark scheme for
 * clients that follow it, no image and nothing loaded from anywhere (no tracker, nothing to
 * block). Every value is escaped.
 */

const BRAND = "#1f56d1";
const INK = "#111827";
const MUTED = "#4b5563";

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

export interface OrderMailView {
  /** The mail's language, and the words of its frame in it. */
  lang: "en" | "fr";
  words: { yourOrder: string; deliveryAddress: string; footer: string };
  siteName: string;
  siteUrl: string;
  /** The mail's title, e.g. "Your order is confirmed". */
  heading: string;
  greeting: string;
  paragraphs: string[];
  /** Label and value rows shown after the text (carrier, tracking number). */
  facts: [string, string][];
  /** A link shown under the facts (the carrier's tracking page). */
  secondaryLink?: { label: string; url: string };
  /** A list of links after the text (the buyer's orders, in "Find my orders"). */
  links?: { label: string; url: string }[];
  /** A last paragraph, after the links. */
  closing?: string;
  lines: { title: string; quantity: number; amount: string }[];
  totals: [string, string][];
  address: string[];
  button?: { label: string; url: string };
  /** A link in the footer ("Find my orders"). */
  footerLink?: { label: string; url: string };
}

/** The shop's mark: its initial on its colour, drawn with a table cell (no image). */
function mark(siteName: string) {
  return `<td style="width:40px;height:40px;background:${BRAND};border-radius:10px;color:#ffffff;font:bold 20px/40px Arial,Helvetica,sans-serif;text-align:center">${
    escapeHtml(siteName.slice(0, 1).toUpperCase())
  }</td>`;
}

export function renderOrderMailHtml(v: OrderMailView): string {
  const e = escapeHtml;
  const p = (text: string) =>
    `<p style="margin:0 0 14px;font:16px/24px Arial,Helvetica,sans-serif;color:${INK}" class="ink">${
      e(text)
    }</p>`;
  const facts = v.facts.map(([k, val]) =>
    `<tr><td style="padding:2px 12px 2px 0;font:14px/20px Arial,Helvetica,sans-serif;color:${MUTED}" class="muted">${
      e(k)
    }</td><td style="padding:2px 0;font:bold 14px/20px Arial,Helvetica,sans-serif;color:${INK}" class="ink">${
      e(val)
    }</td></tr>`
  ).join("");
  const lines = v.lines.map((l) =>
    `<tr><td style="padding:8px 0;border-bottom:1px solid #e5e7eb;font:15px/22px Arial,Helvetica,sans-serif;color:${INK}" class="ink line">${
      e(l.title)
    } <span style="color:${MUTED}" class="muted">&times;&nbsp;${l.quantity}</span></td><td align="right" style="padding:8px 0;border-bottom:1px solid #e5e7eb;font:15px/22px Arial,Helvetica,sans-serif;color:${INK};white-space:nowrap" class="ink line">${
      e(l.amount)
    }</td></tr>`
  ).join("");
  const totals = v.totals.map(([k, val], i) => {
    const last = i === v.totals.length - 1;
    const weight = last ? "bold " : "";
    return `<tr><td style="padding:4px 0;font:${weight}15px/22px Arial,Helvetica,sans-serif;color:${
      last ? INK : MUTED
    }" class="${last ? "ink" : "muted"}">${
      e(k)
    }</td><td align="right" style="padding:4px 0;font:${weight}15px/22px Arial,Helvetica,sans-serif;color:${INK};white-space:nowrap" class="ink">${
      e(val)
    }</td></tr>`;
  }).join("");
  const button = v.button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="background:${BRAND};border-radius:8px"><a href="${
      e(v.button.url)
    }" style="display:inline-block;padding:14px 24px;font:bold 16px/20px Arial,Helvetica,sans-serif;color:#ffffff;text-decoration:none">${
      e(v.button.label)
    }</a></td></tr></table>`
    : "";
  const secondary = v.secondaryLink
    ? `<p style="margin:0 0 16px;font:15px/22px Arial,Helvetica,sans-serif"><a href="${
      e(v.secondaryLink.url)
    }" style="color:${BRAND}" class="link">${e(v.secondaryLink.label)}</a></p>`
    : "";
  const links = (v.links ?? []).map((l) =>
    `<li style="margin:0 0 8px;font:16px/24px Arial,Helvetica,sans-serif"><a href="${
      e(l.url)
    }" style="color:${BRAND}" class="link">${e(l.label)}</a></li>`
  ).join("");
  const section = (title: string, body: string) =>
    `<h2 style="margin:24px 0 8px;font:bold 13px/18px Arial,Helvetica,sans-serif;letter-spacing:.06em;text-transform:uppercase;color:${MUTED}" class="muted">${
      e(title)
    }</h2>${body}`;

  return `<!doctype html>
<html lang="${v.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${e(v.heading)}</title>
<style>
@media (prefers-color-scheme: dark) {
  .page { background: #0b1120 !important; }
  .card { background: #111827 !important; }
  .ink { color: #f3f4f6 !important; }
  .muted { color: #9ca3af !important; }
  .line { border-color: #374151 !important; }
  .link { color: #93b4ff !important; }
}
</style>
</head>
<body style="margin:0;padding:0;background:#f3f4f6" class="page">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6" class="page"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px" class="card"><tr><td style="padding:28px 28px 8px">
<table role="presentation" cellpadding="0" cellspacing="0"><tr>${
    mark(v.siteName)
  }<td style="padding-left:12px;font:bold 20px/24px Arial,Helvetica,sans-serif;color:${INK}" class="ink">${
    e(v.siteName)
  }</td></tr></table>
<h1 style="margin:24px 0 16px;font:bold 24px/30px Arial,Helvetica,sans-serif;color:${INK}" class="ink">${
    e(v.heading)
  }</h1>
${p(v.greeting)}${v.paragraphs.map(p).join("")}
${
    facts
      ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${facts}</table>`
      : ""
  }
${secondary}${button}
${links ? `<ul style="margin:0 0 16px;padding-left:20px">${links}</ul>` : ""}${
    v.closing ? p(v.closing) : ""
  }
${
    lines
      ? section(
        v.words.yourOrder,
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${lines}</table><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:8px">${totals}</table>`,
      )
      : ""
  }
${
    v.address.length
      ? section(
        v.words.deliveryAddress,
        `<p style="margin:0 0 8px;font:15px/22px Arial,Helvetica,sans-serif;color:${INK}" class="ink">${
          v.address.filter(Boolean).map(e).join("<br>")
        }</p>`,
      )
      : ""
  }
</td></tr><tr><td style="padding:16px 28px 28px;font:13px/20px Arial,Helvetica,sans-serif;color:${MUTED}" class="muted">
${e(v.words.footer)} <a href="${e(v.siteUrl)}" style="color:${BRAND}" class="link">${
    e(v.siteName)
  }</a>${
    v.footerLink
      ? `<br><a href="${e(v.footerLink.url)}" style="color:${BRAND}" class="link">${
        e(v.footerLink.label)
      }</a>`
      : ""
  }
</td></tr></table>
</td></tr></table>
</body>
</html>`;
}
