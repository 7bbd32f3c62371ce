// The background benchmark (issue 31), first part: CPU spent by server processes while nothing
// changes, read from Linux /proc. The rest of the section (seeding N people, pass times,
// reminders on time, briefings once, jobs after a simulated day, text round trip, provider
// requests per person) is not built yet: see bench/README.md, "Background work (issue 31)".
import { readFileSync } from 'node:fs';

/** Clock ticks a second (USER_HZ); 100 on every Linux the bench runs on. */
const TICKS = 100;

/** CPU seconds (user + system) a process has used so far, or null where /proc cannot tell. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS; // utime, stime (fields 14, 15)
  } catch {
    return null;
  }
}

/** CPU seconds per minute the processes `pids` spend together over `seconds` of wall time. */
export async function cpuPerMinute(pids, seconds) {
  const read = () => pids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
  const before = read();
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const wall = (performance.now() - started) / 1000;
  return Math.round(((read() - before) / wall) * 60 * 100) / 100;
}
