/** Latency summary of one scenario, in milliseconds. */
export interface Timing {
  name: string;
  iterations: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

/** Nearest-rank percentile of ascending samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarise(name: string, samples: readonly number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name,
    iterations: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length),
  };
}

export interface MeasureOptions {
  /** Untimed runs first, so caches, plans and JIT are warm (fewer when they take longer than a quarter of the budget). */
  warmup: number;
  /** Timed runs wanted. */
  iterations: number;
  /** Stop earlier when the timed runs take longer than this (slow scenarios at 1M), after at least `minimum`. */
  budgetMs: number;
  minimum: number;
}

/** Runs `run` one call at a time (the latency one request sees) and summarises the timed calls. */
export async function measure(
  name: string,
  run: (i: number) => Promise<unknown>,
  options: MeasureOptions,
): Promise<Timing> {
  const warming = performance.now();
  let warm = 0;
  while (warm < options.warmup && (warm < 2 || performance.now() - warming < options.budgetMs / 4)) await run(warm++);
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < options.iterations; i++) {
    const begun = performance.now();
    await run(warm + i);
    samples.push(performance.now() - begun);
    if (samples.length >= options.minimum && performance.now() - started > options.budgetMs) break;
  }
  return summarise(name, samples);
}
