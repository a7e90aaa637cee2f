/**
 * `make()` on first call, its result ever after. For what is costly to build and not needed
 * when a module loads, such as Intl formatters: each costs milliseconds of the main thread to
 * build (the first for a locale loads its data), and a screen that loads needs none of them
 * before it draws data (issue 7 TBT). Here, not in src/ui, because the server's modules use it too.
 */
export function once<T>(make: () => T): () => T {
  let made: T | undefined
  return () => (made ??= make())
}
