const QUIET_ZONE = 4;

/** A QR code drawn from the server's modules (rows of 0 and 1): no image, no script. */
export default function QrCode({ rows, label }: { rows: string[]; label: string }) {
  const size = rows.length + 2 * QUIET_ZONE;
  let path = "";
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === "1") path += `M${x} ${y}h1v1h-1z`;
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${size} ${size}`}
      width={192}
      height={192}
      shape-rendering="crispEdges"
      class="rounded border border-slate-200"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
