import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's times. */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), from field 3 on. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // gone
  }
}

// Offsets in statFields: field 4 ppid, 14 utime, 15 stime, 16 cutime, 17 cstime (man 5 proc).
const at = (fields: string[], field: number) => Number(fields[field - 3] ?? 0);

/** CPU time a process has used (user + system), in ms. */
export function processCpuMs(pid: number): number {
  const fields = statFields(pid);
  return fields ? ((at(fields, 14) + at(fields, 15)) * 1000) / TICKS_PER_SECOND : 0;
}

/**
 * CPU time of a process and all its children so far, in ms: those still running and those it has
 * waited for (cutime, cstime). For PostgreSQL's postmaster: every backend, the ones that have ended too.
 */
export function processTreeCpuMs(pid: number): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  let ticks = at(fields, 14) + at(fields, 15) + at(fields, 16) + at(fields, 17);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = statFields(Number(entry));
    if (child && at(child, 4) === pid) ticks += at(child, 14) + at(child, 15);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** CPU so far of the database server (PostgreSQL's postmaster and backends) in ms; 0 for PGlite (in process). */
export const databaseCpuMs = (postmasterPid: number | null) =>
  postmasterPid === null ? 0 : processTreeCpuMs(postmasterPid);
