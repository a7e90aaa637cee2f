/**
 * The `{-$id}` of the panel's addresses (create/{id?}, send/{id?}, history/{id?}, …): a
 * positive whole number, or none. An unreadable one is none, so /manager-panel/history/abc
 * is the history's list, as before the screens had routes of their own.
 */
export function optionalId(param: string | undefined): number | undefined {
  const id = Number(param)
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined
}
