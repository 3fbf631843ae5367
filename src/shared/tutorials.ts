/**
 * Tutorials (spec 001 §2.12): nine videos and a recurring-problems section per page, each opened in
 * a new tab. The spec names neither the videos nor their addresses: the topics follow the portal's
 * and the POS's main tasks, and the addresses are ours, under TUTORIALS_BASE_URL (README).
 */
export const TUTORIALS_BASE_URL = 'https://ajuda.balcao.com.br';

export interface Tutorial {
  title: string;
  description: string;
  /** Path under TUTORIALS_BASE_URL. */
  path: string;
}

export interface TutorialPage {
  title: string;
  intro: string;
  videos: readonly Tutorial[];
  problems: readonly Tutorial[];
}

const v = (section: string, title: string, description: string, slug: string): Tutorial => ({ title, description, path: `/${section}/${slug}` });

export const TUTORIALS: Record<'portal' | 'pos', TutorialPage> = {
  portal: {
    title: 'Tutoriais do portal',
    intro: 'Vídeos curtos sobre as tarefas do dia a dia no portal. Cada vídeo abre em uma nova aba.',
    videos: [
      v('portal', 'Primeiro acesso ao portal', 'Entrar, escolher o estabelecimento e conhecer o menu.', 'primeiro-acesso'),
      v('portal', 'Cadastrar um produto', 'O passo a passo do cadastro: categoria, foto, valor, adicionais e observações.', 'cadastrar-produto'),
      v('portal', 'Editar produtos e categorias', 'Alterar preço, estoque, dados fiscais e disponibilidade.', 'editar-produto'),
      v('portal', 'Configurar o Meep Food', 'Entrega, retirada, pagamento online, horários e link da loja.', 'configurar-meep-food'),
      v('portal', 'Usar o painel de pedidos', 'Aceitar, preparar e entregar pedidos pelo painel.', 'painel-de-pedidos'),
      v('portal', 'Cadastrar lojas', 'Lojas, setores, usuários e horários de funcionamento.', 'cadastrar-lojas'),
      v('portal', 'Pontos de venda e equipamentos', 'Criar um ponto de venda, escolher o sistema e vincular equipamentos.', 'pontos-de-venda'),
      v('portal', 'Limitar o acesso a produtos', 'Escolher quais produtos cada usuário pode vender.', 'limitar-acesso'),
      v('portal', 'Relatórios de vendas', 'Encontrar e exportar os relatórios de vendas e de caixa.', 'relatorios'),
    ],
    problems: [
      v('problemas', 'Não consigo entrar no portal', 'Senha, código de acesso por e-mail e conta bloqueada.', 'nao-consigo-entrar'),
      v('problemas', 'O pedido não aparece no painel', 'Conexão, monitoramento iniciado e loja aberta.', 'pedido-nao-aparece'),
      v('problemas', 'O som de novos pedidos não toca', 'Permissão de som do navegador e o botão Testar som.', 'som-nao-toca'),
    ],
  },
  pos: {
    title: 'Tutoriais do POS',
    intro: 'Vídeos sobre o uso do POS (maquininha) no estabelecimento. Cada vídeo abre em uma nova aba.',
    videos: [
      v('pos', 'Ligar e entrar no POS', 'Primeiro acesso, operador e ponto de venda.', 'primeiro-acesso'),
      v('pos', 'Fazer uma venda', 'Escolher produtos, adicionais e observações e receber.', 'fazer-venda'),
      v('pos', 'Formas de pagamento', 'Crédito, débito, Pix e dinheiro.', 'formas-de-pagamento'),
      v('pos', 'Fichas e impressão', 'Imprimir fichas e o resumo do pedido.', 'fichas-e-impressao'),
      v('pos', 'Comandas (pós-pago)', 'Abrir, lançar e fechar comandas.', 'comandas'),
      v('pos', 'Cashless: recarga e consumo', 'Ativar cartões, recarregar e consultar saldo.', 'cashless'),
      v('pos', 'Cancelar uma venda', 'Cancelamento e estorno de uma venda.', 'cancelar-venda'),
      v('pos', 'Fechar o caixa', 'Sangria, suprimento e fechamento do caixa.', 'fechar-caixa'),
      v('pos', 'Emitir NFC-e', 'Emissão e impressão da nota fiscal ao consumidor.', 'nfce'),
    ],
    problems: [
      v('problemas', 'O POS não imprime', 'Papel, impressora configurada e tipo de impressão do ponto de venda.', 'pos-nao-imprime'),
      v('problemas', 'O POS não sincroniza os produtos', 'Conexão, lista de produtos e vínculo ao ponto de venda.', 'pos-nao-sincroniza'),
      v('problemas', 'Pagamento recusado', 'Cartão, conexão e configurações de transação.', 'pagamento-recusado'),
    ],
  },
};

export const tutorialUrl = (t: Tutorial) => `${TUTORIALS_BASE_URL}${t.path}`;
