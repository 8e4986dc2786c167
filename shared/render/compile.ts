import mjml2html from 'mjml';

// MJML to HTML with the `mjml` package: the one step of rendering that needs Node, and so
// the one module of shared/ (with compile-sections.ts) that may import Node-only code.

export interface MjmlIssue {
  line: number;
  tagName: string;
  message: string;
}

export interface CompiledHtml {
  html: string;
  /** MJML validation problems; the renderer's own output has none (tested). */
  errors: MjmlIssue[];
}

/**
 * The options every compile uses, the whole-letter one and the per-section ones alike, so
 * their output matches byte for byte. `soft` validation reports problems without refusing
 * to render. MJML's own list of fonts to link is emptied: a letter links exactly the web
 * fonts it names, through mj-font in its head (render-letter.ts).
 */
export const MJML_OPTIONS = {
  validationLevel: 'soft',
  fonts: {},
  keepComments: false,
  beautify: false,
  minify: false,
} as const;

function issuesOf(errors: readonly { line: number; tagName: string; message: string }[]): MjmlIssue[] {
  return errors.map(({ line, tagName, message }) => ({ line, tagName, message }));
}

export async function compileMjml(mjml: string): Promise<CompiledHtml> {
  try {
    const result = await mjml2html(mjml, MJML_OPTIONS);
    return { html: result.html, errors: issuesOf(result.errors) };
  } catch (error) {
    // Only malformed MJML throws in soft mode; the renderer never writes any, but a caller
    // compiling its own MJML gets the reason as an issue rather than an exception.
    return { html: '', errors: [{ line: 0, tagName: 'mjml', message: error instanceof Error ? error.message : String(error) }] };
  }
}
