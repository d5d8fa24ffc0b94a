// Preloaded by `npm run deps` (node --import). dependency-cruiser 17 reads TypeScript files and
// tsconfig.json through the JavaScript API of the `typescript` package, versions below 7; this
// project compiles with TypeScript 7, the native compiler, which has no such API. So the rule
// tool gets TypeScript 6 (the devDependency `typescript-6`, an alias of typescript@6.0.3): its
// lookups of `typescript`, and only its lookups, are sent there. Everything else (tsc, vite,
// vitest) keeps TypeScript 7.
import Module, { register } from 'node:module'

const FROM_CRUISER = /[\\/]node_modules[\\/]dependency-cruiser[\\/]/
const TYPESCRIPT = /^typescript(?=$|\/)/

// CommonJS: its version checks and require.resolve('typescript').
const resolveFilename = Module._resolveFilename
Module._resolveFilename = function (request, parent, ...rest) {
  const fromCruiser = parent?.filename && FROM_CRUISER.test(parent.filename)
  const target =
    fromCruiser && TYPESCRIPT.test(request) ? request.replace(TYPESCRIPT, 'typescript-6') : request
  return resolveFilename.call(this, target, parent, ...rest)
}

// ES modules: its `await import('typescript')`.
const hooks = `
export async function resolve(specifier, context, next) {
  const fromCruiser = context.parentURL && ${FROM_CRUISER}.test(context.parentURL)
  return next(fromCruiser && ${TYPESCRIPT}.test(specifier) ? specifier.replace(${TYPESCRIPT}, 'typescript-6') : specifier, context)
}`
register(`data:text/javascript,${encodeURIComponent(hooks)}`)
