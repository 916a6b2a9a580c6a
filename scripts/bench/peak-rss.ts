/**
 * A bench child's own peak resident set (scripts/bench/process-child.ts, read-file-child.ts). On
 * Linux it is VmHWM from /proc/self/status: getrusage's maxRSS (process.resourceUsage().maxRSS)
 * after fork and exec starts from the parent's, so a child of a parent holding 740 MB read 778 MiB
 * whatever it did itself. Elsewhere, maxRSS is all there is.
 */
import { readFileSync } from 'node:fs';

/** VmHWM of a /proc/<pid>/status text, in bytes; undefined when it has none. */
export function vmHwmBytes(status: string): number | undefined {
  const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  return hwm ? Number(hwm[1]) * 1024 : undefined;
}

/** This process's peak resident set in bytes: its own on Linux, getrusage's maxRSS elsewhere. */
export function peakRssBytes(): number {
  let status = '';
  try {
    status = readFileSync('/proc/self/status', 'utf8');
  } catch {
    // Not Linux.
  }
  // resourceUsage().maxRSS is in kilobytes.
  return vmHwmBytes(status) ?? process.resourceUsage().maxRSS * 1024;
}
