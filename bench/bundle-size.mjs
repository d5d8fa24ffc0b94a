// Gzip size of the JavaScript the login page loads first (index.html's entry and its
// modulepreloads), against the 200 KB budget. Run after `npm run build`:
//   node bench/bundle-size.mjs
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = new URL('../web/dist/', import.meta.url).pathname
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const scripts = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1])
let total = 0
for (const file of scripts) {
  const size = gzipSync(readFileSync(join(dist, file))).length
  total += size
  console.log(`${file}: ${(size / 1024).toFixed(1)} KB gzip`)
}
console.log(
  `initial JS: ${(total / 1024).toFixed(1)} KB gzip (budget 200 KB) ${total <= 200 * 1024 ? 'OK' : 'OVER BUDGET'}`,
)
process.exit(total <= 200 * 1024 ? 0 : 1)
