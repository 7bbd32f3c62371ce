// Several instances of the production app behind one port, for the scale-out measurement:
// node:cluster's primary accepts the connections and hands each to one worker in turn, and each
// worker is `node scripts/start.mjs`. The instances share the database and Redis from the
// environment, as two machines behind a load balancer would.
//   node bench/cluster.mjs [instances]
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { startCommand } from './lib/processes.mjs';

const instances = Number(process.argv[2] ?? 2);
// Round-robin in the primary (Node's default on Linux), not the kernel's uneven choice.
cluster.schedulingPolicy = cluster.SCHED_RR;
cluster.setupPrimary({
  exec: fileURLToPath(new URL('../scripts/start.mjs', import.meta.url)),
  execArgv: startCommand.nodeFlags,
});

let listening = 0;
const workers = [];
for (let i = 0; i < instances; i++) {
  const worker = cluster.fork();
  worker.on('listening', () => {
    listening += 1;
    if (listening === instances) console.log(`cluster ready: ${instances} instances`);
  });
  worker.on('exit', (code) => {
    if (!stopping) {
      console.error(`instance ${worker.id} exited with ${code}`);
      process.exit(1);
    }
  });
  workers.push(worker);
}

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopping = true;
    let running = workers.filter((worker) => !worker.isDead()).length;
    if (running === 0) process.exit(0);
    for (const worker of workers) {
      worker.once('exit', () => {
        running -= 1;
        if (running === 0) process.exit(0);
      });
      worker.process.kill('SIGTERM');
    }
  });
}
