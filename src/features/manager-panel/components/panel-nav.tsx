import '../manager-panel.css'
import { Link } from '@tanstack/react-router'

/** The panel's own navigation, under each screen's heading: every screen of the panel, by area. */
export function PanelNav() {
  return (
    <nav aria-label="Painel da equipe" className="mp-nav">
      <Link to="/manager-panel/create/{-$id}" className="ui-button ui-button--primary">
        Nova notificação
      </Link>
      <Link to="/manager-panel/send/{-$id}">Enviar</Link>
      <Link to="/manager-panel/history/{-$id}">Histórico</Link>
      <Link to="/manager-panel/pedidos">Pedidos a atender</Link>
      <Link to="/manager-panel/indicacoes">Indicações</Link>
      <Link to="/manager-panel/resgates">Resgates do KNN Club</Link>
      <Link to="/manager-panel/recompensas/{-$id}">Recompensas</Link>
      <Link to="/manager-panel/intercambio/{-$id}">Intercâmbio</Link>
    </nav>
  )
}
