/**
 * Titles of the pages outside the portal's route table (public account pages and the shell's own),
 * kept apart from route-table.ts so the sign-in screen gets its title without loading the table.
 */
export const APP_NAME = 'Balcão';

const OTHER_TITLES: Array<[prefix: string, title: string]> = [
  ['/login', 'Entrar'],
  ['/cadastrar', 'Criar conta'],
  ['/esqueciMinhaSenha', 'Recuperar senha'],
  ['/redefinirSenha', 'Redefinir senha'],
  ['/aceitarConvite', 'Aceitar convite'],
  ['/statusPedido', 'Status do pedido'],
  ['/print', 'Impressão do pedido'],
  ['/externalauthentication', 'Entrando'],
  ['/acessonegado', 'Acesso negado'],
  ['/doacoes/eventos/qrcode', 'QR Code do evento'],
];

/** The label of a page outside the route table, or undefined. */
export function otherPageLabel(pathname: string): string | undefined {
  const p = pathname.split(/[?#]/)[0].replace(/\/+$/, '').toLowerCase();
  return OTHER_TITLES.find(([prefix]) => p === prefix.toLowerCase() || p.startsWith(`${prefix.toLowerCase()}/`))?.[1];
}
