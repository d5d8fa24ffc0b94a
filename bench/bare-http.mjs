// The baseline for the webhook ack benchmark: a bare node:http server that reads the request body
// and answers 200 with a small JSON body, nothing else. Run as its own process, like the hub:
//   PORT=5690 node bench/bare-http.mjs
import { createServer } from 'node:http'

const port = Number(process.env.PORT ?? 5690)
const answer = JSON.stringify({ received: true, updates: 1 })
const server = createServer((request, response) => {
  request.resume()
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    response.end(answer)
  })
})
server.listen(port, '127.0.0.1', () => process.stdout.write(`ready ${port}\n`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
