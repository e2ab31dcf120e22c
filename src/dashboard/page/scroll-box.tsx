/** A scrolling box of text, focusable and named so a keyboard user can scroll it and a screen reader names it. */
export function ScrollBox({ label, text }: { label: string; text: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard
    <section class="body" aria-label={label} tabIndex={0}>
      <pre>{text}</pre>
    </section>
  )
}
