// Preloaded into the action process by the benchmark: reports its peak RSS (kB) and the CPU time
// it used (user + system, ms) as it exits.
/* global process */
process.on('exit', () => {
  const usage = process.resourceUsage()
  const cpuMs = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000)
  process.stderr.write(`maxrss_kb=${usage.maxRSS} cpu_ms=${cpuMs}\n`)
})
