// One JSON call to a platform the benchmark started, signed in or not; a failure throws with
// the platform's answer, so a benchmark stops at once instead of measuring errors.
export async function api<T>(url: string, method: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
