// One autocannon run in a process of its own. The engine bench's process also hosts both provider
// simulators; a load generator sharing their event loop timed its requests late whenever they were
// busy answering the hub, and added that delay to the latencies it reported.
// Input on stdin: { url, path, connections, seconds, rate?, paced?, bodies: string[] }. Output on
// stdout: autocannon's result as JSON. With `paced` and a rate, the requests go at an even pace
// instead of autocannon's once-a-second bursts (paced-load.mjs).
import autocannon from 'autocannon'
import { pacedLoad } from './paced-load.mjs'

let input = ''
for await (const chunk of process.stdin) input += chunk
const { url, path, connections, seconds, rate, paced, bodies } = JSON.parse(input)
const result =
  paced && rate ? await pacedLoad({ url, path, connections, seconds, rate, bodies }) : await autocannonLoad()
process.stdout.write(JSON.stringify(result))

function autocannonLoad() {
  let k = 0
  return autocannon({
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
}
