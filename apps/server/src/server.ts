import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.productName} is ready at ${config.publicUrl}`);
}

main().catch((error) => {
  // A configuration problem is the operator's to fix: say what, without a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
