// Reading a failed bridge call's { code, message, fields? } (shared/contract/errors.ts) in a
// screen: the message the user reads, and the first message of each field.

/** The message of a failed bridge call, as the user should read it. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) return error.message;
  return fallback;
}

/**
 * Field messages of a failed call, first message per field. A key is the field's last path
 * segment: the core names a field by where it sits in the bridge input (`sender.replyTo`),
 * the platform by its body (`replyTo`); a screen shows both under the same field.
 */
export function errorFields(error: unknown): Record<string, string> {
  if (!error || typeof error !== 'object' || !('fields' in error) || !error.fields || typeof error.fields !== 'object') return {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(error.fields as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    const name = key.split('.').at(-1) ?? key;
    if (typeof first === 'string' && !fields[name]) fields[name] = first;
  }
  return fields;
}

/**
 * The message followed by what each field says, for a refusal whose fields name no input on
 * the screen (a merge tag in a block: 'Validation failed' alone would not say where).
 */
export function errorWithDetails(error: unknown, fallback: string): string {
  const message = errorMessage(error, fallback);
  if (!error || typeof error !== 'object' || !('fields' in error) || !error.fields || typeof error.fields !== 'object') return message;
  const details = Object.values(error.fields as Record<string, unknown>)
    .flat()
    .filter((detail): detail is string => typeof detail === 'string' && detail !== '' && !message.includes(detail));
  return details.length > 0 ? `${message}: ${details.join(' ')}` : message;
}
