// The background benchmark (issue 31), as far as it is built: one app on SQLite with `--people`
// people (signed up through the app's own API, Google connected), then the CPU its process
// spends per minute while nothing changes, over `--seconds`. Not part of `npm run bench` yet.
//   node bench/background.mjs --people 20 --seconds 60
import { parseArgs } from 'node:util';
import { startTwilioFake, twilioEnv } from './lib/assistant-fakes.mjs';
import { makePeople } from './lib/assistant-people.mjs';
import { cpuPerMinute } from './lib/background.mjs';
import { phoneNumber } from './lib/identities.mjs';
import { startApp, tempDir } from './lib/processes.mjs';

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '60' },
    port: { type: 'string', default: '3990' },
  },
});
const people = Number(values.people);
const seconds = Number(values.seconds);

const twilio = await startTwilioFake();
const app = await startApp({
  port: Number(values.port),
  dataDir: tempDir(),
  env: twilioEnv(twilio.url),
  logName: 'background-sqlite',
});
try {
  const phones = Array.from({ length: people }, (_, i) => phoneNumber(20_000 + i));
  await makePeople(app.base, twilio, phones);
  const cpu = await cpuPerMinute([app.pid], seconds);
  console.log(
    `sqlite, ${people} people: ${cpu} CPU s/min of background work while idle (${seconds} s window)`,
  );
} finally {
  await app.stop();
  await twilio.stop();
}
