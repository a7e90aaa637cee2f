/**
 * Whether the server answered the last call (issue 7 "server-down warning clears by
 * itself"): the client reports every outcome here, the app retries what failed as soon as
 * the server answers again and probes it while it does not.
 */
type Listener = (reachable: boolean) => void

let reachable = true
const listeners = new Set<Listener>()

export function isServerReachable(): boolean {
  return reachable
}

export function reportReachability(next: boolean): void {
  if (next === reachable) return
  reachable = next
  for (const listener of listeners) listener(next)
}

export function onReachabilityChange(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
