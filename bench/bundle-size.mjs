// Gzip size of the JavaScript the login page loads first, against the 200 KB budget. Run after
// `npm run build`:
//   node bench/bundle-size.mjs
// Two figures: (1) index.html's entry and its modulepreloads — what every page downloads before
// React starts; (2) that plus the lazily loaded login route and the chunks it imports statically —
// what a first visit to the login screen downloads before it can render. Both must fit the budget.
// (3), reported but not held to the budget: initial plus the dashboard route and its static imports,
// the first page after signing in; its charts load afterwards (React.lazy), listed apart. A dist
// folder other than web/dist may be named as the first argument.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET = 200 * 1024
const dist = process.argv[2]
  ? `${process.argv[2].replace(/\/$/, '')}/`
  : new URL('../web/dist/', import.meta.url).pathname
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1])
const gzipKb = (file) => gzipSync(readFileSync(join(dist, file))).length / 1024

/** The chunk and every chunk it imports statically (not `import()`), transitively. */
function closure(start) {
  const seen = new Set()
  const stack = [start]
  while (stack.length) {
    const file = stack.pop()
    if (seen.has(file)) continue
    seen.add(file)
    const code = readFileSync(join(dist, file), 'utf8')
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g)) stack.push(`assets/${m[1]}`)
  }
  return seen
}

let total = 0
for (const file of initial) {
  const size = gzipKb(file)
  total += size
  console.log(`${file}: ${size.toFixed(1)} KB gzip`)
}
console.log(
  `initial JS: ${total.toFixed(1)} KB gzip (budget 200 KB) ${total * 1024 <= BUDGET ? 'OK' : 'OVER BUDGET'}`,
)

const login = readdirSync(join(dist, 'assets')).find((f) => /^login-[\w-]+\.js$/.test(f))
let loginTotal = total
if (login) {
  const all = new Set(initial.flatMap((f) => [...closure(f)]))
  const extra = [...closure(`assets/${login}`)].filter((f) => !all.has(f))
  for (const file of extra) {
    const size = gzipKb(file)
    loginTotal += size
    console.log(`+ ${file}: ${size.toFixed(1)} KB gzip (login route)`)
  }
  console.log(
    `login page JS (initial + login route): ${loginTotal.toFixed(1)} KB gzip (budget 200 KB) ${loginTotal * 1024 <= BUDGET ? 'OK' : 'OVER BUDGET'}`,
  )
}

/** The first page after signing in: initial + the dashboard route's static closure. */
function routeTotal(pattern, label) {
  const chunk = readdirSync(join(dist, 'assets')).find((f) => pattern.test(f))
  if (!chunk) return total
  const all = new Set(initial.flatMap((f) => [...closure(f)]))
  const extra = [...closure(`assets/${chunk}`)].filter((f) => !all.has(f))
  let sum = total
  for (const file of extra) sum += gzipKb(file)
  console.log(
    `${label} JS (initial + route, ${extra.length} chunks): ${sum.toFixed(1)} KB gzip (not budgeted)`,
  )
}
routeTotal(/^dashboard-[\w-]+\.js$/, 'dashboard page')
const lazyCharts = readdirSync(join(dist, 'assets')).filter((f) => /chart/i.test(f) && f.endsWith('.js'))
for (const file of lazyCharts)
  console.log(`  lazy: assets/${file}: ${gzipKb(`assets/${file}`).toFixed(1)} KB gzip`)
process.exit(total * 1024 <= BUDGET && loginTotal * 1024 <= BUDGET ? 0 : 1)
