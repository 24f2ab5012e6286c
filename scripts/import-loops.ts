import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createImportReader, serverLoops, serverUnit } from './import-graph.ts';

/**
 * `npm run imports:loops`: the loops among the server's top-level folders and files (units that import
 * one another, directly or through others; type-only imports included), and how many server units
 * there are. Exits 1 while there is a loop; `--verbose` lists the imports between the units of each.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = createImportReader(root).read('src');
const units = new Set(files.map((f) => serverUnit(f.path)).filter((u): u is string => u !== null));
const loops = serverLoops(files);
const verbose = process.argv.includes('--verbose');

console.log(`${units.size} server units (folders and files of src/server)`);
if (loops.length === 0) console.log('no loops');
for (const loop of loops) {
  console.log(`loop of ${loop.length}: ${loop.join(', ')}`);
  if (!verbose) continue;
  for (const file of files) {
    const from = serverUnit(file.path);
    if (!from || !loop.includes(from)) continue;
    for (const target of file.imports) {
      const to = serverUnit(target);
      if (to && to !== from && loop.includes(to)) console.log(`  ${file.path} → ${target}`);
    }
  }
}
process.exitCode = loops.length > 0 ? 1 : 0;
