import { readFileSync, readdirSync } from 'node:fs'
const pid = process.argv[2]
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10 }
const files = readdirSync('dist/assets').filter(f => f.endsWith('.js')).slice(0, 100)
const before = cpu(); const t = performance.now()
for (let round = 0; round < 5; round++)
  await Promise.all(Array.from({ length: 6 }, async (_, lane) => { for (let i = lane; i < files.length; i += 6) { const r = await fetch(`http://localhost:8193/assets/${files[i]}`, { headers: { 'accept-encoding': 'br' } }); await r.arrayBuffer() } }))
console.log('requests', files.length * 5, 'server cpu ms', cpu() - before, 'wall', Math.round(performance.now() - t))
