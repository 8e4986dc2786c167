// One shape for a failure that crosses the bridge: `message` is what the user reads
// (the spec's wording when it has one), `fields` holds per-field messages.

export const ERROR_CODES = [
  'invalid_input',
  'not_found',
  'unauthorized',
  'offline',
  'conflict',
  'platform_error',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface AppErrorShape {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string[]>;
}

/** Thrown by handlers for expected failures; the transport turns it into a result value. */
export class AppError extends Error implements AppErrorShape {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string[]>;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string[]>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    if (fields) this.fields = fields;
  }

  toShape(): AppErrorShape {
    return this.fields ? { code: this.code, message: this.message, fields: this.fields } : { code: this.code, message: this.message };
  }
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: AppErrorShape };

/** Field messages from zod-like issues: the path joined with dots, '' for the whole input. */
export function fieldMessages(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}
