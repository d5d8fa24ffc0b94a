import { describe, expect, it } from 'vitest'
import {
  AVATAR_COLORS,
  avatarColorOf,
  displayNameOf,
  initialsOf,
} from '@/features/users/utils/user-display.ts'

describe('user display name', () => {
  it.each([
    { user: { username: 'olivia', firstName: 'Olivia', lastName: 'Stone' }, name: 'Olivia Stone' },
    { user: { username: 'olivia', firstName: 'Olivia', lastName: null }, name: 'Olivia' },
    { user: { username: 'olivia', firstName: null, lastName: 'Stone' }, name: 'Stone' },
    { user: { username: 'olivia', firstName: ' ', lastName: null }, name: 'olivia' },
    { user: { username: 'olivia', firstName: null, lastName: null }, name: 'olivia' },
  ])('$user.firstName $user.lastName ($user.username) is "$name"', ({ user, name }) => {
    expect(displayNameOf(user)).toBe(name)
  })
})

describe('avatar initials (docs/spec/dashboard-spec.md §2.9)', () => {
  it.each([
    ['Olivia Stone', 'OS'],
    ['olivia', 'O'],
    ['mary ann de la cruz', 'MA'],
    ['  jean   luc  ', 'JL'],
    ['émile zola', 'ÉZ'],
    ['admin', 'A'],
  ])('%j gives %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials)
  })
})

describe('avatar colour (docs/spec/dashboard-spec.md §2.9)', () => {
  it('has 6 colours', () => {
    expect(AVATAR_COLORS).toHaveLength(6)
    expect(new Set(AVATAR_COLORS).size).toBe(6)
  })

  it.each([
    ['', 0],
    ['admin', 5],
    ['olivia', 0],
    ['Olivia Stone', 0],
    ['Dana', 4],
    ['Sam Rivera', 4],
    ['operator1', 3],
  ])('%j takes colour index %i (its length mod 6)', (name, index) => {
    expect(name.length % 6).toBe(index)
    expect(avatarColorOf(name)).toBe(AVATAR_COLORS[index])
  })

  it('is the same for names of equal length', () => {
    expect(avatarColorOf('abcdefg')).toBe(avatarColorOf('Gustavo'))
  })
})
