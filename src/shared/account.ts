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
  // E-mail confirmation at sign-up (issue 37)
  emailNotConfirmed: 'Confirme o seu e-mail antes: digite o código que enviamos quando você criou a conta (Minha conta → Confirmar e-mail).',
  emailCodeFormat: 'O código tem 6 números.',
  emailCodeWrong: 'Código incorreto ou expirado. Confira o e-mail mais recente ou peça um novo código.',
  emailConfirmed: 'E-mail confirmado.',
  emailAlreadyConfirmed: 'Seu e-mail já está confirmado.',
  emailCodeSent: 'Enviamos um novo código para o seu e-mail.',
} as const;

/** E-mail confirmation codes: 6 digits, valid 30 minutes, 5 wrong tries per code. */
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_MINUTES = 30;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** Resends: one per 60 s and five per hour per account. */
export const EMAIL_CODE_RESEND_SECONDS = 60;
export const EMAIL_CODE_RESENDS_PER_HOUR = 5;
