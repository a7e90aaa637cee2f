/** The compose form's and the review's labels: the skeletons draw the same ones. */
export const LABELS = {
  title: 'Título',
  body: 'Texto',
  link: 'Página que a notificação abre',
  image: 'Imagem (opcional, endereço https)',
  audience: 'Quem recebe',
  devices: 'Aparelhos que recebem hoje',
} as const
