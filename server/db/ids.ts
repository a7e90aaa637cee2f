/**
 * Row ids are `serial` (PostgreSQL int4). The contract's IdParam admits up to 12 digits, so
 * a larger id names no row: answer "not found" instead of letting the database fail with
 * "integer out of range" (a 500).
 */
export const MAX_SERIAL_ID = 2_147_483_647

export function isSerialId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_SERIAL_ID
}
