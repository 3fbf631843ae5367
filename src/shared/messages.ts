/**
 * Every pt-BR text a user reads that the server or more than one screen shares. Strings from the
 * spec are copied verbatim, typos included; the ones marked "ours" fill gaps the spec leaves.
 */
export const MSG = {
  // spec 000 §5 / §8: sign-in
  loginBothEmpty: 'Insira seu e-mail e senha.',
  loginEmailEmpty: 'Insira seu e-mail.',
  loginPasswordEmpty: 'Insira sua senha.',
  invalidCode: 'Código inválido',
  accessDenied: 'Acesso negado/Proibido',
  notFound: 'Página não encontrada',
  /** ours: a generated file that is gone or was never there */
  fileNotFound: 'Arquivo não encontrado.',
  genericError: 'Ocorreu um erro! Tente novamente',

  // spec 000 §9: registration and recovery
  registerPasswordRule:
    'Senha deve conter no mínimo 8 caracteres, letras minúsculas e maiúsculas, números e pelo menos um dos seguintes caracteres especiais @@, !, #, $, %, ?, &.',
  registerAllRequired: 'Preencha todos os campos corretamente para cadastrar',
  registerNameSpecial: 'Nome não pode conter caracteres especiais',
  registerAtWithDomain: 'Não é permitido usar @ quando um domínio está selecionado',
  registerSuccess: 'Cadastro realizado com sucesso',
  registerFailure: 'Erro ao cadastrar. Por favor, tente novamente',
  invalidCpf: 'Preencha com um CPF válido',
  invalidEmail: 'Formato do e-mail inválido',

  // ours
  badCredentials: 'E-mail ou senha inválidos.',
  unauthorized: 'Sessão expirada. Entre novamente.',
  invalidInput: 'Dados inválidos. Verifique os campos e tente novamente.',
  tooManyAttempts: (seconds: number) => `Muitas tentativas. Tente novamente em ${seconds} segundos.`,
  codeExpired: 'Código expirado. Solicite um novo código.',
  codeBurned: 'Código bloqueado após muitas tentativas. Solicite um novo código.',
  codeResendWait: (seconds: number) => `Aguarde ${seconds} segundos para reenviar o código.`,
  codeNoChallenge: 'Entre novamente com seu e-mail e senha para receber um novo código.',
  codeSent: 'Enviamos um novo código para o seu e-mail.',
  alreadyRegistered: 'Já existe um cadastro com este e-mail ou CPF.',
  passwordsDiffer: 'As senhas não conferem.',
  recoveryRequired: 'Informe seu CPF ou e-mail.',
  /** The same words whether or not the account exists (no account discovery). */
  recoverySent: (maskedEmail: string) =>
    maskedEmail
      ? `Se houver um cadastro com este e-mail, enviamos um link para redefinir sua senha para ${maskedEmail}.`
      : 'Se houver um cadastro com este CPF, enviamos um link para redefinir sua senha para o e-mail cadastrado.',
  resetInvalidLink: 'Link de redefinição inválido ou expirado. Solicite um novo.',
  resetSuccess: 'Senha alterada com sucesso. Entre com a nova senha.',
  shareTokenInvalid: 'Link de acesso inválido ou expirado.',
  notMemberOfPlace: 'Você não tem acesso a este estabelecimento.',
  serverUnavailable: 'Não foi possível falar com o servidor. Verifique sua conexão.',
  /** ours (issue 28): a save attempted offline is refused at once; the form keeps what was typed */
  offlineWrite: 'Sem conexão: nada foi salvo. O que você digitou continua no formulário; salve de novo quando a conexão voltar.',
  /** ours (issue 28): a delete or switch attempted offline */
  offlineAction: 'Sem conexão: nada foi alterado. Tente de novo quando a conexão voltar.',
  /** ours: the server is up but its database is not (restart, failover) */
  databaseUnavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  /** ours: the shared file store (S3) cannot be reached */
  fileStoreUnavailable: 'O armazenamento de arquivos está temporariamente indisponível. Tente novamente em instantes.',
  underConstruction: 'Em construção',
  legacyNotConfigured: 'O portal legado não está configurado neste servidor.',
} as const;
