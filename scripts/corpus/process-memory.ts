// Resident memory of a process tree, read from /proc (Linux): what the runner watches to call a
// conversion "runaway memory" (> 2 GB) and kill it before it takes the machine down.
import { readdirSync, readFileSync } from "node:fs";

export interface ProcessMemory {
  pid: number;
  /** resident now, bytes */
  rss: number;
  /** the kernel's high-water mark of resident memory over the process's life, bytes */
  hwm: number;
  cmdline: string;
}

function readStatus(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
    return { rss: field("VmRSS") * 1024, hwm: field("VmHWM") * 1024 };
  } catch {
    return null; // gone meanwhile
  }
}

/** The direct children of `pid` (every thread's list: a child belongs to the thread that started it). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
      try {
        return readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
      } catch {
        return [];
      }
    });
  } catch {
    return []; // gone meanwhile
  }
}

/** `root` and every process below it that is alive now. */
export function processTree(root: number): ProcessMemory[] {
  const tree: ProcessMemory[] = [];
  const seen = new Set<number>();
  const queue = [root];
  // bounded by the number of live processes: each pid is visited once
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    if (seen.has(pid)) continue;
    seen.add(pid);
    const s = readStatus(pid);
    if (!s) continue;
    let cmdline = "";
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
    } catch {
      // gone meanwhile
    }
    tree.push({ pid, rss: s.rss, hwm: s.hwm, cmdline });
    queue.push(...childrenOf(pid));
  }
  return tree;
}

/**
 * Polls the memory of what `select` picks from the tree under `root` every `everyMs`; calls
 * `onRunaway` once when it goes over `limitBytes`. The peak is the larger of the resident memory
 * seen (summed over the processes, or the largest one with `sum: false`) and any one process's own
 * high-water mark (which catches a spike between polls).
 */
export function watchMemory(
  root: number,
  {
    limitBytes,
    everyMs = 100,
    sum = true,
    select = () => true,
    onRunaway,
  }: { limitBytes: number; everyMs?: number; sum?: boolean; select?: (p: ProcessMemory) => boolean; onRunaway: (peak: number) => void },
): { peak(): number; stop(): number } {
  let peak = 0;
  let fired = false;
  const poll = () => {
    const chosen = processTree(root).filter(select);
    const resident = sum ? chosen.reduce((total, p) => total + p.rss, 0) : Math.max(0, ...chosen.map((p) => p.rss));
    peak = Math.max(peak, resident, ...chosen.map((p) => p.hwm));
    if (!fired && peak > limitBytes) {
      fired = true;
      onRunaway(peak);
    }
  };
  const timer = setInterval(poll, everyMs);
  poll();
  return {
    peak: () => peak,
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}
