const target = process.argv[2]
await import('msw/node'); await import('msw')
const c0 = process.cpuUsage(); const t0 = performance.now()
await import(target)
const c = process.cpuUsage(c0); 
console.log(((c.user + c.system) / 1000).toFixed(1), (performance.now() - t0).toFixed(1))
