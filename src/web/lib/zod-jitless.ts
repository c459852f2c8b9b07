/**
 * zod as the browser build sees it: vite.config.ts resolves 'zod' here. Our Content-Security-Policy has no
 * 'unsafe-eval', and zod probes `new Function` (for its compiled fast path) when the first object schema is made;
 * the browser blocks the probe and reports it as a policy violation on every form page. Jitless zod never tries.
 * The server keeps the compiled fast path.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
