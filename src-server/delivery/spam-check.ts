import { execFile } from 'node:child_process';
import {
  SPAMASSASSIN_MISSING_MESSAGE,
  SPAM_CHECK_BUSY_MESSAGE,
  SPAM_CHECK_FAILED_MESSAGE,
  SPAM_THRESHOLD_DEFAULT,
} from '../../shared/contract/platform-spam-check';
import type { SpamCheckResponse } from '../../shared/contract/platform-spam-check';
import { spamRuleWords } from '../../shared/rules/spam-rules';

// SpamAssassin on the platform's own host scores an email (issue 35). Always `-L` (local
// tests only: no DNS blocklists, no Razor/Pyzor), so nothing about a letter leaves the
// machine; `-t` adds the report whose table names each rule with its points; `-x` keeps it
// from writing a preferences file in the platform user's home. A run takes 1-3 s of CPU, so
// few run at once and the rest wait their turn (or are told to try again when too many wait).
// With a spamd configured, spamc asks it instead (`-R`: the score line and the same report).

export interface SpamAssassinSettings {
  /** The spamassassin program; default `spamassassin` found on PATH. */
  path?: string | undefined;
  /**
   * A spamd to ask through spamc instead (SPAMD_HOST, SPAMD_PORT): no rule set loaded per run,
   * so a check takes a tenth of a second. Run it with -L so it too stays off the network.
   */
  spamd?: { host: string; port: number } | undefined;
  /** The spamc program, with `spamd`; default `spamc` found on PATH. */
  spamcPath?: string | undefined;
  /** How long one run may take before it is stopped. Default 30 s. */
  timeoutMs?: number;
  /** Runs at once in this process. Default 2 (a platform host has few cores to spare). */
  concurrency?: number;
  /** Checks waiting for a turn before further ones are turned away. Default 20. */
  maxWaiting?: number;
}

export interface SpamChecker {
  check(raw: Buffer): Promise<SpamCheckResponse>;
}

export interface FiredRule {
  name: string;
  score: number;
  /** SpamAssassin's own description (the report table's last column). */
  description: string;
}

export interface SpamReport {
  score: number;
  threshold: number;
  rules: FiredRule[];
}

const STATUS = /^X-Spam-Status: \w+, score=(-?[\d.]+) required=(-?[\d.]+)[^\n]*(?:\n[ \t][^\n]*)*/m;
/** spamc -R's first line: '0.5/5.0'. */
const SPAMC_SCORE = /^\s*(-?[\d.]+)\/(-?[\d.]+)\s*$/m;
/** ' 0.5 SUBJ_ALL_CAPS          Subject is all capitals' (points, name, description). */
const TABLE_ROW = /^\s*(-?\d+(?:\.\d+)?)\s+([A-Z0-9_]+)\s+(.*)$/;
/** A long description goes on below its row, indented past the name column. */
const CONTINUATION = /^\s{20,}(\S.*)$/;

/**
 * The score, threshold and fired rules of `spamassassin -t`'s answer (headers and report) or
 * of `spamc -R`'s (a 'score/threshold' line, then the report).
 */
export function parseSpamReport(out: string): SpamReport {
  const status = STATUS.exec(out) ?? SPAMC_SCORE.exec(out.split('\n', 1)[0] ?? '');
  if (!status) throw new Error(`No X-Spam-Status in SpamAssassin's answer:\n${out.slice(0, 2000)}`);
  const rules: FiredRule[] = [];
  const lines = out.split(/\r?\n/);
  const header = lines.findIndex((line) => /^\s*pts\s+rule name\s+description/.test(line));
  if (header >= 0) {
    // The header, then the dashed line, then one row per rule until a blank line.
    for (const line of lines.slice(header + 2)) {
      if (line.trim() === '') break;
      const row = TABLE_ROW.exec(line);
      if (row) {
        rules.push({ name: row[2]!, score: Number(row[1]), description: row[3]!.trim() });
        continue;
      }
      const more = CONTINUATION.exec(line);
      const last = rules[rules.length - 1];
      if (more && last) last.description = `${last.description} ${more[1]!.trim()}`;
    }
  }
  // The report's table lists what the X-Spam-Status tests list does; a rule only in the list
  // (a report cut short) still counts, with no points or words of its own.
  const listed = (/tests=([\s\S]*?)\s+autolearn/.exec(status[0])?.[1] ?? '').split(/[,\s]+/).filter((rule) => rule !== '' && rule !== 'none');
  for (const name of listed) if (!rules.some((rule) => rule.name === name)) rules.push({ name, score: 0, description: name });
  return { score: Number(status[1]), threshold: Number(status[2]), rules };
}

/** The answer's rules in an editor's words, the ones that cost most first. */
export function spamCheckAnswer(report: SpamReport): SpamCheckResponse {
  const rules = report.rules
    .map((rule) => ({ name: rule.name, score: rule.score, ...spamRuleWords(rule.name, rule.description) }))
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  return { available: true, score: report.score, threshold: report.threshold, rules };
}

const unavailable = (message: string, available: boolean): SpamCheckResponse => ({
  available,
  score: null,
  threshold: SPAM_THRESHOLD_DEFAULT,
  rules: [],
  message,
});

export function createSpamChecker(settings: SpamAssassinSettings = {}): SpamChecker {
  const program = settings.path?.trim() || 'spamassassin';
  const timeout = settings.timeoutMs ?? 30_000;
  const concurrency = Math.max(1, settings.concurrency ?? 2);
  const maxWaiting = settings.maxWaiting ?? 20;
  let running = 0;
  const waiting: (() => void)[] = [];

  async function turn(): Promise<boolean> {
    if (running < concurrency) {
      running += 1;
      return true;
    }
    if (waiting.length >= maxWaiting) return false;
    // The finishing run hands its slot straight to the next in line.
    await new Promise<void>((resolve) => waiting.push(resolve));
    return true;
  }
  function done(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  // spamc -x fails rather than handing the message back unscored when spamd cannot be reached.
  const { spamd } = settings;
  const [command, args] = spamd
    ? [settings.spamcPath?.trim() || 'spamc', ['-x', '-R', '-d', spamd.host, '-p', String(spamd.port)]]
    : [program, ['-L', '-t', '-x']];

  function run(raw: Buffer): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = execFile(
        command,
        args,
        { encoding: 'utf8', timeout, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      );
      // A program that exits before reading everything closes the pipe: its exit says why.
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(raw);
    });
  }

  return {
    async check(raw) {
      if (!(await turn())) return unavailable(SPAM_CHECK_BUSY_MESSAGE, true);
      try {
        return spamCheckAnswer(parseSpamReport(await run(raw)));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException | null)?.code;
        // Not there, or there but not a program this user may run: either way, not installed here.
        if (code === 'ENOENT' || code === 'EACCES') return unavailable(SPAMASSASSIN_MISSING_MESSAGE, false);
        console.warn('SpamAssassin failed:', error instanceof Error ? error.message : error);
        return unavailable(SPAM_CHECK_FAILED_MESSAGE, true);
      } finally {
        done();
      }
    },
  };
}
