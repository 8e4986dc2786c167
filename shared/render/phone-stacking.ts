// Side-by-side table cells that stack on phones like MJML's columns: the feeds' image and
// text cells (an mj-table, which MJML does not stack). Outlook for Windows, a desktop
// client, reads no media query and keeps them side by side.

/** The class of a cell that takes the whole width on phones. */
export const STACK_ON_PHONES_CLASS = 'ld-stack';

/** The rules inside the phone media query. */
export function phoneStackingRules(): string {
  return [
    `td.${STACK_ON_PHONES_CLASS} { display:block !important; width:100% !important; padding-left:0 !important; padding-right:0 !important; }`,
    `td.${STACK_ON_PHONES_CLASS} + td.${STACK_ON_PHONES_CLASS} { padding-top:12px !important; }`,
    `td.${STACK_ON_PHONES_CLASS} img { max-width:100% !important; }`,
  ].join(' ');
}
