import { z } from 'zod'

// ProviderOutboundMessage (docs/providers/ghl.md §9): what GHL POSTs when a user replies on our provider.
export const providerOutboundMessageSchema = z
  .object({
    contactId: z.string().min(1).max(200),
    locationId: z.string().min(1).max(200),
    messageId: z.string().min(1).max(200),
    conversationId: z.string().max(200).optional(),
    type: z.string().max(50).optional(),
    message: z.string().max(20_000).optional(),
    html: z.string().max(100_000).optional(),
    subject: z.string().max(1000).optional(),
    attachments: z.array(z.string().max(2000)).max(50).optional(),
    phone: z.string().max(50).optional(),
    userId: z.string().max(200).optional(),
    timestamp: z.union([z.string(), z.number()]).optional(),
  })
  .passthrough()
export type ProviderOutboundMessage = z.infer<typeof providerOutboundMessageSchema>
