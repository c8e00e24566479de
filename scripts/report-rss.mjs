// Preloaded into the action process by the benchmark: reports its peak RSS (kB) as it exits.
/* global process */
process.on('exit', () => process.stderr.write(`maxrss_kb=${process.resourceUsage().maxRSS}\n`))
