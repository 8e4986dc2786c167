import htmlnano, { type HtmlnanoOptions } from 'htmlnano';

// A letter's HTML as it is mailed: MJML's output without the whitespace between its tags and
// its plain comments (a quarter of a big letter's bytes, issue 36), so fewer letters reach
// Gmail's ~102 KB clip. htmlnano is the minifier MJML itself uses for its `minify` option; it
// runs after the whole letter is assembled (MJML's own option would run inside each
// compile, which the section-wise compile cannot reproduce byte for byte). Like compile.ts,
// Node-only: the desktop renderer never imports it.
//
// What is kept: Outlook's conditional comments (`removeComments: 'safe'`), every attribute
// as written (no quotes removed, no "redundant" attributes dropped: mail clients are not
// browsers), style blocks and inline styles as written (CSS minifying needs cssnano, and the
// renderer's CSS is small), whitespace inside text and in inline content. What goes: runs of
// whitespace, and whitespace between block and table tags where no browser shows it.
// Identical rendering is tested by screenshots in Chromium at 600 and 375 px.

/** htmlnano runs only the modules named here: with an empty preset, every other is off. */
const OPTIONS: HtmlnanoOptions = {
  collapseWhitespace: 'aggressive',
  removeComments: 'safe',
};

export async function minifyEmailHtml(html: string): Promise<string> {
  const result = await htmlnano.process(html, OPTIONS, {});
  return result.html;
}
