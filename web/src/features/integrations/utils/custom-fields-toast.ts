import type { CreateCustomFieldsResult } from '@common/custom-fields.ts'

/** docs/spec/dashboard-spec.md §8 "Custom fields created (count)"; when every field existed, it says so instead of "0 created". */
export function customFieldsCreatedToast({ fieldsCreated, fieldsExisting }: CreateCustomFieldsResult) {
  const fields = (n: number) => `${n} custom ${n === 1 ? 'field' : 'fields'}`
  if (fieldsCreated === 0) {
    return {
      title: 'Custom fields already exist',
      description:
        fieldsExisting === 1
          ? 'The custom field already exists in GoHighLevel; nothing was created.'
          : `All ${fields(fieldsExisting)} already exist in GoHighLevel; nothing was created.`,
    }
  }
  const existing = fieldsExisting > 0 ? ` (${fieldsExisting} already existed)` : ''
  return {
    title: 'Custom fields created',
    description: `${fields(fieldsCreated)} created in GoHighLevel${existing}.`,
  }
}
