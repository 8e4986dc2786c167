// Types for the two helpers of mjml-core that the incremental compile calls directly: the
// document skeleton MJML wraps a rendered body in, and its final Outlook-comment merge.
// mjml pins mjml-core to its own version, so these stay the ones mjml2html itself uses.

declare module 'mjml-core/lib/helpers/skeleton.js' {
  const skeleton: (options: Record<string, unknown>) => string;
  export default skeleton;
}

declare module 'mjml-core/lib/helpers/mergeOutlookConditionnals.js' {
  const mergeOutlookConditionnals: (html: string) => string;
  export default mergeOutlookConditionnals;
}
