/**
 * The yardstick of npm run bench: a bare Fastify server with one route answering a small JSON body, no plugins.
 * scripts/bench.ts starts it on the same core as our server and measures it the same way, so that our figures
 * can be read as a share of what Fastify alone does on this machine.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ month: '2026-01', taken: [], now: new Date().toISOString(), lastBookableDate: '2026-04-01' }));

process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`bare Fastify running at http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`);
