import fs from 'node:fs';

/** Linux counts process CPU time in clock ticks of 1/100 s (USER_HZ), whatever the kernel's own tick rate. */
const MS_PER_TICK = 10;

/** User plus system CPU time of one process in ms, from /proc; null when it has gone or there is no /proc. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return null;
  }
}

/** The processes of the local PostgreSQL server (its postmaster, backends and helpers). */
function postgresPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}

export interface CpuUse {
  /** The app server process (with PGlite, the database runs in it too). */
  serverMs: number;
  /** Every local PostgreSQL process; backends that exit during the interval are not counted. */
  postgresMs: number;
  /** This process: the load generator (autocannon), which shares the cores with the other two. */
  loadGeneratorMs: number;
}

/**
 * Starts measuring the CPU time the server, the local PostgreSQL and this process use; the returned function ends the interval.
 * Null where /proc is missing (not Linux): the benchmark then reports latencies only.
 */
export function startCpuMeter(serverPid: number): (() => CpuUse) | null {
  if (!fs.existsSync('/proc/self/stat') || processCpuMs(serverPid) === null) return null;
  const postgresBefore = new Map(postgresPids().map((pid) => [pid, processCpuMs(pid) ?? 0]));
  const serverBefore = processCpuMs(serverPid)!;
  const generatorBefore = processCpuMs(process.pid) ?? 0;
  return () => {
    let postgresMs = 0;
    for (const pid of postgresPids()) postgresMs += (processCpuMs(pid) ?? 0) - (postgresBefore.get(pid) ?? 0);
    return {
      serverMs: (processCpuMs(serverPid) ?? serverBefore) - serverBefore,
      postgresMs,
      loadGeneratorMs: (processCpuMs(process.pid) ?? generatorBefore) - generatorBefore,
    };
  };
}
