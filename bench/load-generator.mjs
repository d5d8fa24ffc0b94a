// One autocannon run in a process of its own. The engine bench's process also hosts both provider
// simulators; a load generator sharing their event loop timed its requests late whenever they were
// busy answering the hub, and added that delay to the latencies it reported.
// Input on stdin: { url, path, connections, seconds, rate?, bodies: string[] }. Output on stdout:
// autocannon's result as JSON.
import autocannon from 'autocannon'

let input = ''
for await (const chunk of process.stdin) input += chunk
const { url, path, connections, seconds, rate, bodies } = JSON.parse(input)
let k = 0
const result = await autocannon({
  url,
  connections,
  duration: seconds,
  ...(rate ? { overallRate: rate } : {}),
  requests: [
    {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => ({ ...request, body: bodies[k++ % bodies.length] }),
    },
  ],
})
process.stdout.write(JSON.stringify(result))
