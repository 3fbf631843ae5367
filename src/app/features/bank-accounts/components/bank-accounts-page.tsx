import { Alert, Badge, Stack, Text } from '@mantine/core';
import { BANK_ACCOUNT_MSG as M, PIX_KEY_TYPES } from '../../../../shared/bank-accounts';
import type { BankAccount } from '../../../../shared/contract/bank-accounts';
import { formatDocument } from '../../../../shared/format';
import { RegistryDialogs } from '../../../components/registry-dialogs';
import { RegistryList } from '../../../components/registry-list';
import { usePlaceRegistry } from '../../../components/use-registry-dialogs';
import { usePageTitle } from '../../../lib/page-hooks';
import { bankAccountQueries, deleteBankAccount } from '../api/bank-account-queries';
import { BankAccountForm } from './bank-account-form';

const pixLabel = (type: string | null) => PIX_KEY_TYPES.find((t) => t.id === type)?.label ?? '';

/**
 * /configuracoes/contasBancarias (spec 001 §2.14): the place's bank accounts, its Pix key, and the
 * bank data donation institutions pick (every account here is one). Managers only: bank data is
 * not for every member of the place.
 */
export function BankAccountsPage() {
  usePageTitle('Contas bancárias');
  const { localId, canEdit: isManager, list, dialogs, listProps } = usePlaceRegistry({
    list: bankAccountQueries.list,
    deleteRow: (row: BankAccount) => deleteBankAccount(row.id),
    // The donation institutions' select reads the same accounts.
    refreshes: [bankAccountQueries.all, ['donations', 'bank-data']],
    noPlace: 'Escolha um estabelecimento para ver as contas bancárias.',
    loadFailed: M.loadFailed,
    managersOnly: true,
  });

  if (!isManager) return <Alert color="yellow" title="Contas bancárias">Somente gerentes do estabelecimento veem e alteram as contas bancárias.</Alert>;

  const venueKey = list.data?.find((a) => a.chavePixDoEstabelecimento);

  return (
    <RegistryList
      title="Contas bancárias"
      intro="As contas do estabelecimento. Cada conta pode ser escolhida como dado bancário de uma instituição de doação; a conta marcada como chave do estabelecimento recebe os pagamentos por Pix."
      addLabel="Nova conta bancária"
      emptyText={M.empty}
      {...listProps}
      rowName={(r) => `conta ${r.descricao}`}
      columns={[
        { header: 'Conta', cell: (r) => r.descricao },
        {
          header: 'Titular',
          cell: (r) => (
            <Stack gap={0}>
              <Text size="sm">{r.titularConta}</Text>
              <Text size="xs" c="gray.7">
                {formatDocument(r.documentoContaBancaria)}
              </Text>
            </Stack>
          ),
        },
        {
          header: 'Chave Pix',
          cell: (r) =>
            r.chavePix ? (
              <Stack gap={2} align="flex-start">
                <Text size="sm">
                  {pixLabel(r.tipoChavePix)}: {r.tipoChavePix === 'cpf' || r.tipoChavePix === 'cnpj' ? formatDocument(r.chavePix) : r.chavePix}
                </Text>
                {r.chavePixDoEstabelecimento && (
                  <Badge variant="light" color="teal" tt="none" h="auto" py={2} styles={{ label: { overflow: 'visible', whiteSpace: 'normal' } }}>
                    Chave do estabelecimento
                  </Badge>
                )}
              </Stack>
            ) : (
              <Text size="sm" c="gray.7">
                Sem chave Pix
              </Text>
            ),
        },
        { header: 'Instituições de doação', cell: (r) => (r.instituicoes.length ? r.instituicoes.join(', ') : '—') },
      ]}
    >
      {list.data && list.data.length > 0 && !venueKey && (
        <Alert color="yellow">O estabelecimento ainda não tem chave Pix: informe uma chave em uma das contas para receber por Pix.</Alert>
      )}
      <RegistryDialogs
        dialogs={dialogs}
        size="lg"
        noun="conta bancária"
        form={(account, onSaved) => <BankAccountForm localId={localId} account={account} onSaved={onSaved} />}
        confirm={(row) =>
          row.instituicoes.length
            ? { question: M.inUseByInstitution(row.instituicoes), confirmLabel: 'Tentar excluir' }
            : { question: M.deleteQuestion(row.descricao), note: M.cannotUndo }
        }
      />
    </RegistryList>
  );
}
