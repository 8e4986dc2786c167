import fs from 'node:fs';
import path from 'node:path';

// Small JSON files in the user-data folder (window placement, desktop settings, the
// encrypted token). Written to a temporary file and renamed, so a crash mid-write leaves
// the old file rather than half a file.

/** The parsed JSON, or undefined when the file is missing or not JSON. */
export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJsonFile(file: string, value: unknown, mode = 0o600): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode });
  fs.renameSync(temporary, file);
}

export function removeFile(file: string): void {
  fs.rmSync(file, { force: true });
}
