/** A picked file's bytes as base64, for the bridge, which carries JSON. */
export async function readFileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  // In slices: String.fromCharCode with millions of arguments overflows the stack.
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
