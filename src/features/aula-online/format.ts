/** Made on first use (issue 7 TBT: an Intl formatter costs milliseconds to build). */
let weekdayDate: Intl.DateTimeFormat | undefined

/** "seg., 23/11" in the device's zone. */
export function formatDay(iso: string): string {
  weekdayDate ??= new Intl.DateTimeFormat('pt-BR', { weekday: 'short', day: '2-digit', month: '2-digit' })
  return weekdayDate.format(Date.parse(iso))
}
