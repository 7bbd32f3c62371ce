// The reference for the API load benchmark: a bare Fastify hello-world, in its own process,
// that answers every GET with a small JSON body and logs nothing. What it serves per second on
// this machine is the ceiling the app's routes are reported against (bench/lib/api-load.mjs).
//   node bench/bare-fastify.mjs [port]      (prints "listening <port>" when ready)
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? process.env.PORT ?? 3290);
const app = Fastify({ logger: false });
app.get('/*', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
// Exits on the benchmark's SIGTERM like the app does, so `node --cpu-prof` writes its profile.
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
console.log(`listening ${port}`);
