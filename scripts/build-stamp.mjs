// The last step of `npm run build`: marks the build finished for scripts/build-if-stale.mjs.
import { writeFileSync } from 'node:fs';

writeFileSync(new URL('../dist/.build-stamp', import.meta.url), `${new Date().toISOString()}\n`);
