/**
 * chart.js with only the pieces the back office draws, registered per chart type (no
 * `chart.js/auto`): each screen imports the types it shows, so the dashboard ships no donut.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";

Chart.register(CategoryScale, LinearScale, Tooltip, Legend);

export function useLines() {
  Chart.register(LineController, LineElement, PointElement, Filler);
}

export function useBars() {
  Chart.register(BarController, BarElement);
}

export function useDoughnuts() {
  Chart.register(DoughnutController, ArcElement);
}

export { Chart };
export type { ChartConfiguration } from "chart.js";

/** Spec colours (section 9) as drawn: pending yellow, processing blue, ... other grey. */
export const CHART_COLOURS: Readonly<Record<string, string>> = {
  yellow: "#eab308",
  blue: "#3b82f6",
  teal: "#14b8a6",
  cyan: "#06b6d4",
  red: "#ef4444",
  green: "#22c55e",
  grey: "#94a3b8",
};

/** Colours for series without a meaning of their own (products, methods, genders). */
export const PALETTE = ["#2563eb", "#14b8a6", "#f59e0b", "#8b5cf6", "#ef4444", "#06b6d4"];
