// An open-loop load at an even pace: one request every 1000/rate ms, whatever the answers do, over
// at most `connections` keep-alive sockets. autocannon's `overallRate` is not that: each of its
// connections sends its share of the second back to back as the second starts, then waits for
// the next one (autocannon/lib/httpClient.js, `reqsMadeThisSecond`), so "500 req/s" there is a
// burst of 500 at full concurrency once a second. A request's latency here runs from the moment
// it was due, not from when a socket was free: time spent waiting for a socket counts
// (no coordinated omission).
// Answers in the shape the engine bench reads from autocannon: requests.average, latency.p50/p99,
// 2xx, non2xx, errors.
import http from 'node:http'

function percentile(sorted, p) {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

export async function pacedLoad({ url, path, connections, seconds, rate, bodies }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const target = new URL(path, url)
  const latencies = []
  // [due time since the start, latency] of every request, in ms: when the slow ones were sent.
  const samples = []
  let started = 0
  let ok = 0
  let non2xx = 0
  let errors = 0
  let k = 0

  const send = (dueAt) =>
    new Promise((resolve) => {
      const body = bodies[k++ % bodies.length]
      const request = http.request(
        target,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume()
          response.on('end', () => {
            const ms = performance.now() - dueAt
            latencies.push(ms)
            samples.push([dueAt - started, ms])
            if (response.statusCode >= 200 && response.statusCode < 300) ok++
            else non2xx++
            resolve()
          })
        },
      )
      request.on('error', () => {
        errors++
        resolve()
      })
      request.end(body)
    })

  const interval = 1000 / rate
  const total = Math.round(rate * seconds)
  started = performance.now()
  const inFlight = []
  for (let i = 0; i < total; i++) {
    const dueAt = started + i * interval
    const wait = dueAt - performance.now()
    // Timers fire late by up to a millisecond or so; requests that fell due meanwhile go at once.
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait))
    inFlight.push(send(dueAt))
  }
  await Promise.all(inFlight)
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const round = (ms) => Math.round(ms * 10) / 10
  return {
    requests: { average: (ok + non2xx) / elapsed },
    latency: { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)) },
    '2xx': ok,
    non2xx,
    errors,
    slowest: samples
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([at, ms]) => ({ atMs: Math.round(at), ms: round(ms) })),
  }
}
