/** The nearest-rank `p`th percentile (0–100) of `values`; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
