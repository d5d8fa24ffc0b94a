/**
 * A set that keeps at most `capacity` members, forgetting the least recently added or seen first.
 * For facts that only save work when remembered (a stored lead need not be looked up again) and
 * cost nothing but that lookup when forgotten.
 */
export class BoundedSet<T> {
  // A Map keeps insertion order: its first key is the one to forget.
  private readonly members = new Map<T, true>()

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('capacity must be a positive integer')
  }

  get size(): number {
    return this.members.size
  }

  /** Whether `value` is remembered; a member seen is kept the longest again. */
  has(value: T): boolean {
    if (!this.members.has(value)) return false
    this.members.delete(value)
    this.members.set(value, true)
    return true
  }

  add(value: T): void {
    this.members.delete(value)
    this.members.set(value, true)
    if (this.members.size <= this.capacity) return
    const oldest = this.members.keys().next()
    if (!oldest.done) this.members.delete(oldest.value)
  }
}
