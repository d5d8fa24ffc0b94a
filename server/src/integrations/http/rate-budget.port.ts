/** A slot of a shared budget held by one call, to hand back when the call ends. */
export interface BudgetTicket {
  key: string
  slot: number
  /** The slot's stamp while the call is under way, as the store wrote it. */
  heldUntil: string
}

/**
 * A provider budget every process of the hub draws on (docs/decisions/0015): on
 * PostgreSQL the rows of `rate_budget_slots`, implemented in repositories/rate-budget.repository.ts
 * and handed in by the composition root.
 */
export interface SharedRateBudget {
  /**
   * Takes a slot of `key` when fewer than `limit` calls fell in the last `windowMs`, holding it
   * at most `holdMs` (a process that dies mid-call frees it then); otherwise says how long until
   * to look again (when the oldest slot frees, at most a window: a call under way may end sooner).
   */
  claim(
    key: string,
    limit: number,
    windowMs: number,
    holdMs: number,
  ): Promise<BudgetTicket | { waitMs: number }>
  /** The call ended: the slot counts from now for the window. */
  release(ticket: BudgetTicket): Promise<void>
  /** The provider said the budget is spent: no slot of `key` frees for `ms`. */
  pause(key: string, ms: number, windowMs: number): Promise<void>
}
