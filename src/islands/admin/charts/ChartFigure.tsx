import { useEffect, useRef } from "preact/hooks";
import { Chart, type ChartConfiguration } from "./chart.ts";

export interface ChartTable {
  head: string[];
  rows: (string | number)[][];
}

/**
 * A titled chart (300 px high) with its data as a table for screen readers, or the empty text
 * when there is nothing to draw. `config` must keep its identity while the data is unchanged.
 */
export default function ChartFigure(
  { title, config, table, empty, testId }: {
    title: string;
    config: ChartConfiguration | null;
    table: ChartTable;
    empty: string;
    testId?: string;
  },
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!config || !canvas.current) return;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    // min-w-0 and relative: the chart follows its column's width, and the hidden table stays
    // inside the card (a table is never shorter than its rows, whatever its height says).
    <section
      class="relative min-w-0 rounded-xl bg-white p-4 ring-1 ring-slate-200"
      data-testid={testId}
    >
      <h2 class="mb-3 font-semibold">{title}</h2>
      {config
        ? (
          <div class="relative h-[300px]">
            <canvas
              ref={canvas}
              role="img"
              aria-label={`${title} chart; its figures are in the table that follows`}
            />
          </div>
        )
        : <p class="py-10 text-center text-sm text-slate-500">{empty}</p>}
      {config && (
        <div class="sr-only">
          <table data-testid="chart-table">
            <caption>{title}</caption>
            <thead>
              <tr>{table.head.map((h) => <th key={h} scope="col">{h}</th>)}</tr>
            </thead>
            <tbody>
              {table.rows.map((r, i) => (
                <tr key={i}>{r.map((cell, j) => <td key={j}>{cell}</td>)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
