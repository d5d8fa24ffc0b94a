import type { SqlExecutor } from '../server/src/db/database.ts'

// 100,000 leads shaped like the engine stores them (server/src/engine/lead-sync/lead-mapper.ts):
// a quote request with survey answers, a business reply on most, a customer follow-up on half,
// spread over CLIENTS clients and a year of activity. Generated inside the database in batches.

export const CLIENTS = 20
const BATCH = 10_000

const NAMES = ['Alice', 'Bob', 'Carla', 'Dan', 'Eve', 'Frank', 'Gina', 'Hugo', 'Ivy', 'Jon', 'Kim', 'Lou']
const JOBS = [
  'Roof repair',
  'Roof inspection',
  'Gutter cleaning',
  'Skylight installation',
  'Chimney repair',
  'Solar panel cleaning',
  'Siding repair',
  'Attic insulation',
  'Leak detection',
  'Roof replacement',
  'Emergency tarping',
  'Flat roof coating',
]
// ~40 words in the free text: each appears in about 1 lead in 40.
const WORDS = [
  'skylight',
  'chimney',
  'flashing',
  'shingles',
  'gutter',
  'downspout',
  'attic',
  'mold',
  'leak',
  'ceiling',
  'stain',
  'storm',
  'hail',
  'wind',
  'tile',
  'slate',
  'metal',
  'cedar',
  'moss',
  'ridge',
  'vent',
  'soffit',
  'fascia',
  'drip',
  'valley',
  'membrane',
  'tarp',
  'warranty',
  'insurance',
  'estimate',
  'inspection',
  'permit',
  'solar',
  'panel',
  'dormer',
  'eave',
  'rot',
  'crack',
  'sag',
  'squirrel',
]
const ROOFS = ['Tile', 'Slate', 'Metal', 'Asphalt shingle', 'Flat']
const WHEN = ['As soon as possible', 'Within a week', 'Within a month', 'Flexible']
const AVAILABILITY = ['ASAP', 'URGENT', 'FLEXIBLE', 'SPECIFIC_DATES', null]

function sqlArray(values: ReadonlyArray<string | null>): string {
  return `array[${values.map((v) => (v === null ? 'null' : `'${v.replace(/'/g, "''")}'`)).join(',')}]::text[]`
}

function batchSql(from: number, to: number): string {
  const pick = (values: ReadonlyArray<string | null>, expr: string) =>
    `(${sqlArray(values)})[1 + ((${expr}) % ${values.length})]`
  const name = `${pick(NAMES, 'g')} || ' ' || chr(65 + ((g * 7) % 26)) || '.'`
  const job = pick(JOBS, 'g * 5')
  const word = pick(WORDS, 'g * 13')
  const word2 = pick(WORDS, 'g * 17 + 3')
  const roof = pick(ROOFS, 'g')
  const when = pick(WHEN, 'g * 3')
  const availability = pick(AVAILABILITY, 'g * 11')
  const message = `'Hi, I need help with the ' || ${word} || ' and the ' || ${word2} || '. Ref ' || substr(md5(g::text), 1, 12)`
  return `
with seed as (
  select g,
    ${name} as name,
    ${job} as job,
    ${message} as message,
    ${roof} as roof,
    ${when} as whenever,
    ${availability} as availability,
    now() - make_interval(mins => g * 5) as last_at,
    now() - make_interval(mins => g * 5 + 600) as created_at
  from generate_series(${from}, ${to}) g
)
insert into leads (lead_id, client_id, business_id, conversation_id, user_display_name,
  temporary_email_address, temporary_email_expiry, project_data, user_data, time_created,
  last_event_time, status, events)
select 'bench-' || g, 'client-' || (g % ${CLIENTS}), 'biz-' || (g % ${CLIENTS}), 'conv-' || g, name,
  'tmp' || g || '@messaging.yelp.com', created_at + interval '30 days',
  jsonb_build_object(
    'additional_info', message,
    'postal_code', lpad(((g * 37) % 99999)::text, 5, '0'),
    'availability_status', availability,
    'availability_dates', case when availability = 'SPECIFIC_DATES' then jsonb_build_array(to_char(created_at + interval '9 days', 'YYYY-MM-DD')) else '[]'::jsonb end,
    'job_names', jsonb_build_array(job),
    'survey_fields', jsonb_build_object('What type of roof?', jsonb_build_array(roof), 'How soon do you need this?', jsonb_build_array(whenever)),
    'original_survey_answers', jsonb_build_array(
      jsonb_build_object('question_text', 'What type of roof?', 'answer_text', jsonb_build_array(roof)),
      jsonb_build_object('question_text', 'How soon do you need this?', 'answer_text', jsonb_build_array(whenever))),
    'attachments', '[]'::jsonb),
  jsonb_build_object(
    'display_name', name,
    'email', case when g % 7 = 0 then 'customer' || g || '@example.com' else null end,
    'temporary_email', 'tmp' || g || '@messaging.yelp.com',
    'phone', case when g % 3 = 0 then '+1415' || lpad((g % 10000000)::text, 7, '0') else null end,
    'postal_code', lpad(((g * 37) % 99999)::text, 5, '0')),
  created_at, last_at,
  (${sqlArray(['new', 'contacted', 'converted', 'closed'])})[1 + (g % 4)],
  jsonb_build_array(
    jsonb_build_object('id', 'ev-' || g || '-1', 'event_type', 'RAQ_SUBMIT', 'user_type', 'CONSUMER',
      'user_display_name', name, 'timestamp', created_at, 'time_created', created_at,
      'description', name || ' requested a quote for ' || job || '. What type of roof?: ' || roof || '. ' || message,
      'event_content', jsonb_build_object('text', name || ' requested a quote for ' || job || '. ' || message))
  ) || case when g % 5 <> 0 then jsonb_build_array(
    jsonb_build_object('id', 'ev-' || g || '-2', 'event_type', 'TEXT', 'user_type', 'BIZ',
      'user_display_name', 'Client ' || (g % ${CLIENTS}), 'timestamp', created_at + interval '1 hour',
      'time_created', created_at + interval '1 hour', 'description', 'Thanks ' || name || ', we can come by this week.',
      'event_content', jsonb_build_object('text', 'Thanks ' || name || ', we can come by this week.'))) else '[]'::jsonb end
    || case when g % 2 = 0 then jsonb_build_array(
    jsonb_build_object('id', 'ev-' || g || '-3', 'event_type', 'TEXT', 'user_type', 'CONSUMER',
      'user_display_name', name, 'timestamp', last_at, 'time_created', last_at,
      'description', 'Does Thursday work? The ' || ${word2} || ' is getting worse.',
      'event_content', jsonb_build_object('text', 'Does Thursday work? The ' || ${word2} || ' is getting worse.'))) else '[]'::jsonb end
from seed`
}

/** Clients `client-0` … and `count` leads; returns the seconds it took. */
export async function seedLeads(execute: SqlExecutor, count: number): Promise<number> {
  const started = performance.now()
  for (let i = 0; i < CLIENTS; i++) {
    await execute(`insert into clients (client_id, name, email) values ($1, $2, $3) on conflict do nothing`, [
      `client-${i}`,
      `Bench Client ${i}`,
      `client${i}@example.com`,
    ])
  }
  for (let from = 1; from <= count; from += BATCH) {
    await execute(batchSql(from, Math.min(count, from + BATCH - 1)))
  }
  // Steady state: PostgreSQL's autovacuum, or the hub's housekeeping on PGlite, would have run.
  await execute('vacuum (analyze) leads')
  return (performance.now() - started) / 1000
}
