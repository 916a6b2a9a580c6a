/**
 * Which local ports are taken, and by whom: the runner refuses to start on a port something else
 * already holds (an emulator left by an earlier run would otherwise be used as if it were its own).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';

/** True when nothing listens on 127.0.0.1:`port` (probed by listening on it briefly). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

export interface PortHolder {
  pid: number;
  command: string;
}

/** The socket inodes listening on `port` (IPv4 and IPv6), from /proc/net/tcp*; empty off Linux. */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== '0A') continue; // 0A: LISTEN
      const localPort = Number.parseInt(fields[1].split(':').pop() ?? '', 16);
      if (localPort === port && fields[9] !== '0') inodes.add(fields[9]);
    }
  }
  return inodes;
}

/**
 * The processes (of this user: others' are not readable) listening on `port`, with their command
 * lines, found through /proc. Best effort: empty when /proc is unavailable or the holder is hidden.
 */
export function findPortHolders(port: number): PortHolder[] {
  const inodes = listeningInodes(port);
  if (!inodes.size) return [];
  const holders: PortHolder[] = [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    const holds = fds.some((fd) => {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        return target.startsWith('socket:[') && inodes.has(target.slice(8, -1));
      } catch {
        return false;
      }
    });
    if (!holds) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    } catch {}
    holders.push({ pid: Number(pid), command });
  }
  return holders;
}

/** `java … DynamoDbLoopback.java -port 3001 …`: the program and the script it runs, not every flag. */
function summarize(command: string): string {
  const [program = '', ...args] = command.split(' ');
  const isScript = (arg: string) => /\.(java|jar|[cm]?[jt]s)$/.test(arg);
  const script = args.length - 1 - [...args].reverse().findIndex(isScript);
  const name = program.split('/').pop() ?? program;
  const shown =
    script < args.length
      ? `${name} … ${[args[script].split('/').pop(), ...args.slice(script + 1)].join(' ')}`
      : command;
  return shown.length > 100 ? `${shown.slice(0, 99)}…` : shown;
}

/** A port the runner needs is taken: its message says which, by whom and what to do. */
export class PortInUseError extends Error {
  override name = 'PortInUseError';
}

/**
 * Rejects, before anything is started, when any of `ports` is taken, naming the service, the
 * holder's pid and command when they can be found, and what to do.
 */
export async function assertPortsFree(ports: Array<{ port: number; name: string }>, base: number) {
  const taken = (
    await Promise.all(ports.map(async (entry) => ((await isPortFree(entry.port)) ? null : entry)))
  ).filter((entry) => entry !== null);
  if (!taken.length) return;
  const lines = taken.map(({ port, name }) => {
    const holders = findPortHolders(port);
    const by = holders.length
      ? ` by ${holders.map((h) => `pid ${h.pid}${h.command ? ` (${summarize(h.command)})` : ''}`).join(', ')}`
      : '';
    return `Port ${port} (${name}) is already in use${by}.`;
  });
  const pids = [...new Set(taken.flatMap(({ port }) => findPortHolders(port).map((h) => h.pid)))];
  const stopHint = pids.length ? `stop it (kill ${pids.join(' ')})` : 'stop it';
  throw new PortInUseError(
    `${lines.join('\n')}\nThis is probably an emulator left by an earlier run, or another program. ` +
      `${stopHint[0].toUpperCase()}${stopHint.slice(1)}, or start on other ports with --port <other> ` +
      `(the app uses the port given and the emulators the next ones; now ${base}).`,
  );
}
