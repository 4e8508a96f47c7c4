// Timing for the benchmarks: one unrecorded warm-up run, then `runs` recorded ones, reported as
// medians of wall-clock and process CPU milliseconds (CPU time is steadier on a busy machine; a
// process's CPU time counts its worker threads too).

export function median(values: number[]): number {
  return values.toSorted((a, b) => a - b)[values.length >> 1]!;
}

export function timed(work: () => void, runs: number): { wall: number; cpu: number } {
  work();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < runs; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    work();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

/** timed() for work that returns a promise (worker threads): runs one after another. */
export async function timedAsync(work: () => Promise<void>, runs: number): Promise<{ wall: number; cpu: number }> {
  await work();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < runs; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await work();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}
