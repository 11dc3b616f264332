/** The style of text only screen readers get (a table's caption, words behind an icon), for the reports' style sheets. */
export const SR_ONLY = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: '0',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  borderWidth: '0',
} as const;

/**
 * The same for words inside a cell of a large table: not positioned (an absolutely positioned element after a sticky
 * one becomes a layer of its own), an inline box of one pixel with its text clipped away and its space given back.
 */
export const SR_INLINE = {
  display: 'inline-block',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;
