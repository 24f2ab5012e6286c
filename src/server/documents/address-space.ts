import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Virtual memory this process has reserved so far, in bytes (Linux). */
function addressSpace(): number | null {
  try {
    const kb = /VmSize:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Caps this process's address space at what it has reserved once started plus the budget. Node
 * reserves about 1.4 GB of address space before running any code (V8's code range, heap reservations,
 * malloc arenas), most of it never touched, so a fixed `ulimit -v` would be either too tight to start or
 * too loose to matter; measured here, the cap is the budget itself. Allocations past it fail (ArrayBuffer
 * and zlib throw, V8 aborts), so an inflating PDF or a zip bomb stops this process, never the server.
 * On Linux a cap that cannot be set is a refusal to read ('failed'); elsewhere (a developer's macOS)
 * only the heap limit and the time limit apply ('unsupported').
 */
export function capAddressSpace(memoryMb: number): 'capped' | 'failed' | 'unsupported' {
  const reserved = addressSpace();
  if (reserved === null) return 'unsupported';
  const limit = String(reserved + memoryMb * 1024 * 1024);
  const result = spawnSync('prlimit', ['--pid', String(process.pid), `--as=${limit}:${limit}`], {
    stdio: 'ignore',
    timeout: 5000,
  });
  return result.status === 0 ? 'capped' : 'failed';
}
