/**
 * "Minha conta" (issue 24, item 4): texts and limits. The spec shows no content for
 * /configuracoes/minhasConfiguracoes, so every message here is ours.
 */

/** Wrong current passwords per account before a 15-minute wait (the sign-in window). */
export const ACCOUNT_PASSWORD_TRIES = 5;

export const ACCOUNT_MSG = {
  currentPasswordRequired: 'Informe sua senha atual.',
  currentPasswordWrong: 'Senha atual incorreta.',
  nameRequired: 'Informe seu nome.',
  nameSaved: 'Nome alterado com sucesso.',
  emailSaved: 'E-mail alterado com sucesso.',
  emailSame: 'Este já é o seu e-mail.',
  emailTaken: 'Este e-mail já está em uso em outra conta.',
  passwordSaved: 'Senha alterada com sucesso. As outras sessões foram encerradas.',
  passwordSame: 'A nova senha deve ser diferente da atual.',
  mfaOn: 'Código por e-mail ativado: pediremos um código a cada acesso.',
  mfaOff: 'Código por e-mail desativado.',
  sessionEnded: 'Sessão encerrada.',
  othersEnded: (n: number) => (n === 1 ? '1 sessão encerrada.' : `${n} sessões encerradas.`),
  sessionNotFound: 'Sessão não encontrada.',
  sessionIsCurrent: 'Esta é a sessão que você está usando: use "Sair" para encerrá-la.',
} as const;
