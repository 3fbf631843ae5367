import { Alert, Badge, Button, FileInput, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { CASHLESS_MSG, formatDocument, IMPORT_INSTRUCTIONS, IMPORT_TEMPLATE, IMPORT_TEMPLATE_NAME, isImportFileName } from '../../../../shared/cashless';
import { CASHLESS_PATHS, importAnswer, type ImportAnswer } from '../../../../shared/contract/cashless';
import { downloadGeneratedFile } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useFileImport } from '../hooks/use-file-import';
import { useSession, useTitle } from '../hooks/use-session';
import { UploadProgress } from './upload-progress';
import { DataTable } from '../../../components/data-table';

function downloadTemplate() {
  // With a BOM, Excel opens the accents right; the template is the shared constant the server checks.
  saveBlob(new Blob([`\uFEFF${IMPORT_TEMPLATE}`], { type: 'text/csv;charset=utf-8' }), IMPORT_TEMPLATE_NAME);
}

/** "Importar usuários" (spec 001 §2.9, §5): instructions, template, CSV upload with progress, per-row result. */
export function UserImportPage() {
  useTitle('Importar usuários');
  const session = useSession();
  const localId = session?.currentLocation?.localId ?? '';
  const upload = useFileImport(localId, isImportFileName);
  const { file, error, setError, progress } = upload;
  const [result, setResult] = useState<ImportAnswer | null>(null);
  if (!localId) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;

  const choose = (f: File | null) => {
    setResult(null);
    upload.choose(f);
  };
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setError(CASHLESS_MSG.fileRequired);
      return;
    }
    await upload.send(CASHLESS_PATHS.import, importAnswer, (r) => {
      setResult(r);
      // Nobody imported is not a success, whatever the upload did.
      if (r.imported > 0) void toastSuccess(CASHLESS_MSG.uploadSuccess);
      else void toastError(r.Message);
    });
  };

  return (
    <Stack maw={1000} mx="auto">
      <Title order={1} size="h2">
        Importar usuários
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Instruções
          </Title>
          <Text size="sm">Preencha o modelo e envie o arquivo .csv. Cada usuário importado recebe um cartão nominal.</Text>
          <List size="sm" spacing={4}>
            {IMPORT_INSTRUCTIONS.map((i) => (
              <List.Item key={i}>{i}</List.Item>
            ))}
          </List>
          <Group>
            <Button variant="light" onClick={downloadTemplate} h="auto" mih={44} py={8} styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}>
              Baixar modelo ({IMPORT_TEMPLATE_NAME})
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <form onSubmit={(e) => void send(e)} noValidate>
          <Stack>
            <FileInput
              label="Arquivo CSV ou XLSX"
              accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={choose}
              error={error}
              clearable
              withAsterisk
              disabled={progress !== null}
            />
            <UploadProgress fraction={progress} processingLabel="Arquivo enviado. Importando os usuários…" />
            <Group>
              <Button type="submit" loading={progress !== null}>
                Enviar
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {result && (
        <Paper withBorder p="md" radius="md" aria-label="Resultado da importação" component="section">
          <Stack>
            <Alert color={result.imported === 0 ? 'red' : result.skipped ? 'yellow' : 'green'}>
              <Text fw={600} data-testid="import-summary">
                {result.Message}
              </Text>
            </Alert>
            <Group>
              <Badge color="green" size="lg" variant="light">
                Importados: {result.imported}
              </Badge>
              <Badge color="yellow" size="lg" variant="light">
                Ignorados: {result.skipped}
              </Badge>
              <Button variant="subtle" onClick={() => void downloadGeneratedFile(result.report).catch((err: Error) => toastError(err.message))}>
                Baixar resultado completo
              </Button>
            </Group>
            {result.blank > 0 && (
              <Text size="sm" data-testid="import-blank">
                Linhas em branco: {result.blankLines.join(', ')}
                {result.blank > result.blankLines.length ? ` e mais ${result.blank - result.blankLines.length}` : ''}.
              </Text>
            )}
            {result.rowsTruncated && <Text size="sm">A tabela mostra todas as linhas ignoradas e as primeiras importadas; o resultado completo está no arquivo.</Text>}
            <DataTable minWidth={720} stickyHeader striped aria-label="Linhas do arquivo" head={['Linha', 'Nome', 'Documento', 'Situação', 'Motivo']}>
              {result.rows.map((r) => (
                <Table.Tr key={r.line} data-testid="import-row">
                  <Table.Td>{r.line}</Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDocument(r.document)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {/* The label never shrinks to "IGNORA…": the column keeps the badge's width. */}
                    <Badge color={r.status === 'importado' ? 'green' : 'yellow'} variant="light" styles={{ root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } }}>
                      {r.status === 'importado' ? 'Importado' : 'Ignorado'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{r.reason || '-'}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
