const which = process.argv[2]
const t = performance.now()
await import('msw/node')
const t1 = performance.now()
await import(which)
const t2 = performance.now()
console.log(which.split('/').pop(), 'msw', (t1 - t).toFixed(0), 'entry', (t2 - t1).toFixed(0))
