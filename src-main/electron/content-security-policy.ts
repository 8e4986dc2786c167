// The Content-Security-Policy sent with every app:// response. Pure so the policy is
// reviewed and tested as data.

export interface CspOptions {
  /** Origin of the platform server (its uploaded images appear in letters and previews). */
  platformOrigin?: string | null;
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  const platform = options.platformOrigin ? [options.platformOrigin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Vite's production build has no inline scripts, so none are allowed and no eval.
    'script-src': ["'self'"],
    // Mantine writes style attributes and <style> tags at run time, and the letter preview
    // (a srcdoc iframe, which inherits this policy) is email HTML made of inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Letters show images from the platform and from anywhere on the web over https.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...platform],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:', 'https:', ...platform],
    // The renderer never talks HTTP itself: all data comes through window.bridge.
    'connect-src': ["'self'"],
    'frame-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
