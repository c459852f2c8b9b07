import { fileURLToPath } from 'node:url';
import { findViolations, formatViolation, readSourceFiles } from './boundaries.ts';

/** The boundaries Biome cannot check (see boundaries.ts); part of `npm run lint`. */
const root = fileURLToPath(new URL('..', import.meta.url));
const violations = findViolations(readSourceFiles(root));
for (const violation of violations) console.error(formatViolation(violation));
if (violations.length > 0) {
  console.error(`${violations.length} boundary violation${violations.length === 1 ? '' : 's'} (see scripts/boundaries.ts)`);
  process.exit(1);
}
