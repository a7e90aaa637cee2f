// The floor the portal's start is measured against (issue 37): a bare React 19 page built
// by Vite with a Workbox service worker, as a new project would start. It draws a heading,
// a short list and a button that answers a tap, with no data, router or storage.
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'

function Floor() {
  const [taps, setTaps] = useState(0)
  return (
    <main>
      <h1>Portal do aluno</h1>
      <ul>
        {['Minhas turmas', 'Financeiro', 'Pedidos'].map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <button type="button" aria-busy={taps > 0} onClick={() => setTaps((count) => count + 1)}>
        {taps > 0 ? `Tocado ${taps}×` : 'Entrar'}
      </button>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Floor />
  </StrictMode>,
)
if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js')
