/**
 * The one time the first admin's password is shown (it is stored only as a hash): a framed block
 * with blank lines around it, written after the start-up log lines so nothing scrolls it away.
 */
export function firstAdminBanner(baseUrl: string, username: string, password: string): string {
  const lines = [
    'FIRST ADMIN CREATED: save this password now, it is shown only once',
    '',
    `Sign in at  ${baseUrl}`,
    `Username    ${username}`,
    `Password    ${password}`,
  ]
  const width = Math.max(...lines.map((line) => line.length))
  const rule = `+${'-'.repeat(width + 4)}+`
  const body = lines.map((line) => `|  ${line.padEnd(width)}  |`)
  return ['', '', rule, ...body, rule, '', ''].join('\n')
}
