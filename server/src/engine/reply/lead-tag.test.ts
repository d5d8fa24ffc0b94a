import { describe, expect, it } from 'vitest'
import { labelForSharedThread, readLeadTag } from './lead-tag.ts'

describe('lead tags', () => {
  it.each<[string, { leadId: string; rest: string } | null]>([
    ['#LdX9k2mPq0 See you Monday.', { leadId: 'LdX9k2mPq0', rest: 'See you Monday.' }],
    ['  #pat-june_2\nSee you Monday.', { leadId: 'pat-june_2', rest: 'See you Monday.' }],
    ['#LdX9k2mPq0', { leadId: 'LdX9k2mPq0', rest: '' }],
    ['See you Monday. #LdX9k2mPq0', null],
    ['#1: we come tomorrow', null],
    ['# heading', null],
    ['', null],
  ])('reads %j', (text, expected) => {
    expect(readLeadTag(text)).toEqual(expected)
  })

  it('labels a forwarded message with the tag a reply starts with', () => {
    const labelled = labelForSharedThread('LdX9k2mPq0', 'Is the quote still valid?')
    expect(labelled).toBe('Yelp lead #LdX9k2mPq0\nIs the quote still valid?')
    expect(readLeadTag(labelled.split('\n')[0]?.replace('Yelp lead ', '') ?? '')).toEqual({
      leadId: 'LdX9k2mPq0',
      rest: '',
    })
  })
})
