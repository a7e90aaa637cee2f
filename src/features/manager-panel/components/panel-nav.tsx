import '../manager-panel.css'
import { Link } from '@tanstack/react-router'

/**
 * The panel's own navigation, under each screen's heading: every screen of the panel, by area.
 * A link to a list says `id: undefined`: without it the router keeps the current address's id
 * (history/5 → history/5), so every link that means a list names none.
 */
export function PanelNav() {
  return (
    <nav aria-label="Painel da equipe" className="mp-nav">
      <Link to="/manager-panel/create/{-$id}" params={{ id: undefined }} className="ui-button ui-button--primary">
        Nova notificação
      </Link>
      <Link to="/manager-panel/send/{-$id}" params={{ id: undefined }}>
        Enviar
      </Link>
      <Link to="/manager-panel/history/{-$id}" params={{ id: undefined }}>
        Histórico
      </Link>
      <Link to="/manager-panel/pedidos">Pedidos a atender</Link>
      <Link to="/manager-panel/indicacoes">Indicações</Link>
      <Link to="/manager-panel/resgates">Resgates do KNN Club</Link>
      <Link to="/manager-panel/recompensas/{-$id}" params={{ id: undefined }}>
        Recompensas
      </Link>
      <Link to="/manager-panel/intercambio/{-$id}" params={{ id: undefined }}>
        Intercâmbio
      </Link>
    </nav>
  )
}
