/**
 * A body of text in a box that scrolls: focusable and named, so a keyboard user can scroll it
 * (axe's scrollable-region-focusable) and a screen reader says what it holds.
 */
export function ScrollBox({ label, text }: { label: string; text: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard
    <section class="body" aria-label={label} tabIndex={0}>
      <pre>{text}</pre>
    </section>
  )
}
