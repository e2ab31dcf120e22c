// Fails the Jest run unless its environment is jsdom (a document to render into, as in a browser).
if (typeof document === 'undefined' || typeof document.createElement !== 'function') {
  throw new Error('expected the jsdom environment (jest-fixed-jsdom): there is no document')
}
