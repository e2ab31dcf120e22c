// What docs/browser.md's step-2 sample (browser-doc/main.ts, written out by readme-example.mjs
// browser-start) takes from the app around it: Vite's `import.meta.env` (vite/client's types, not
// installed here) and the app's own renderApp().
interface ImportMeta {
  readonly env: { readonly DEV: boolean }
}
declare function renderApp(): void
