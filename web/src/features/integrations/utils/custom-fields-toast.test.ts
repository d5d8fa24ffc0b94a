import { describe, expect, it } from 'vitest'
import { customFieldsCreatedToast } from '@/features/integrations/utils/custom-fields-toast.ts'

describe('customFieldsCreatedToast', () => {
  it.each([
    [3, 0, 'Custom fields created', '3 custom fields created in GoHighLevel.'],
    [1, 0, 'Custom fields created', '1 custom field created in GoHighLevel.'],
    [2, 6, 'Custom fields created', '2 custom fields created in GoHighLevel (6 already existed).'],
    [
      0,
      8,
      'Custom fields already exist',
      'All 8 custom fields already exist in GoHighLevel; nothing was created.',
    ],
    [
      0,
      1,
      'Custom fields already exist',
      'The custom field already exists in GoHighLevel; nothing was created.',
    ],
  ])('%i created, %i existing: %s', (fieldsCreated, fieldsExisting, title, description) => {
    expect(customFieldsCreatedToast({ fieldsCreated, fieldsExisting, fields: [] })).toEqual({
      title,
      description,
    })
  })
})
