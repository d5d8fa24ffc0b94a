// Where a process spent its CPU: self time from a V8 .cpuprofile (node --cpu-prof), by package or
// source area and by function. Used to find what an ack costs in the hub:
//   BENCH_HUB_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/hub-prof" node --import tsx bench/engine.bench.ts ack
//   node bench/cpu-profile-summary.mjs /tmp/hub-prof/*.cpuprofile
import { readFileSync } from 'node:fs'

const file = process.argv[2]
if (!file) {
  console.error('usage: node bench/cpu-profile-summary.mjs <file.cpuprofile> [top]')
  process.exit(2)
}
const top = Number(process.argv[3] ?? 25)
const profile = JSON.parse(readFileSync(file, 'utf8'))
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const self = new Map()
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i]
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
}
const area = (url, name) => {
  if (!url) return name.startsWith('(') ? name : '(native / builtin)'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]
  if (url.startsWith('node:')) return 'node:internal'
  const src = /\/(server\/src\/[^/]+(?:\/[^/]+)?|sim|common)\//.exec(url)
  return src ? src[1] : url
}
const areas = new Map()
const functions = new Map()
let total = 0
for (const [id, us] of self) {
  const node = byId.get(id)
  const { functionName, url, lineNumber } = node.callFrame
  const name = functionName || '(anonymous)'
  total += us
  const a = area(url, name)
  areas.set(a, (areas.get(a) ?? 0) + us)
  const key = `${name} ${url ? `${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}` : ''}`
  functions.set(key, (functions.get(key) ?? 0) + us)
}
const print = (title, map) => {
  console.log(`\n${title}`)
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1e6).toFixed(2).padStart(7)} s  ${key}`,
    )
}
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`)
print('Self time by area', areas)
print('Self time by function', functions)
