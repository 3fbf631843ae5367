import { Alert, Anchor, Button, Code, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { CASHLESS_MSG, EXTRACT_LAYOUT, isTxtFileName } from '../../../../shared/cashless';
import { CASHLESS_PATHS, extractUploadAnswer } from '../../../../shared/contract/cashless';
import { toastSuccess } from '../../../lib/toast';
import { cashlessQueries } from '../api/cashless-queries';
import { useFileImport } from '../hooks/use-file-import';
import { useSession, useTitle } from '../hooks/use-session';
import { UploadProgress } from './upload-progress';

/** The extract upload (spec 001 §2.6, §4): "Importar Arquivo" picks a .txt, "Processar" sends it. */
export function ExtractUploadPage() {
  useTitle('Importar extrato');
  const session = useSession();
  const localId = session?.currentLocation?.localId ?? '';
  const queryClient = useQueryClient();
  const { file, error, progress, choose: chooseFile, send } = useFileImport(localId, isTxtFileName);
  const [sent, setSent] = useState(false);
  if (!localId) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;

  const choose = (f: File | null) => {
    setSent(false);
    if (f) chooseFile(f);
  };
  const process = () =>
    send(CASHLESS_PATHS.extracts, extractUploadAnswer, async (r) => {
      void toastSuccess(r.Message);
      setSent(true);
      await queryClient.invalidateQueries({ queryKey: cashlessQueries.all });
    });
  return (
    <Stack maw={800} mx="auto">
      <Title order={1} size="h2">
        Importar extrato
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack>
          <Text size="sm">Escolha o arquivo de extrato eletrônico da adquirente (.txt) e clique em Processar. O arquivo é lido em segundo plano.</Text>
          <Group>
            <FileButton onChange={choose} accept=".txt,text/plain">
              {(props) => (
                <Button {...props} variant="light" disabled={progress !== null}>
                  Importar Arquivo
                </Button>
              )}
            </FileButton>
            {file && (
              <Text c="green.9" fw={600} data-testid="extract-chosen" aria-live="polite">
                {CASHLESS_MSG.extractImported}: {file.name}
              </Text>
            )}
          </Group>
          {error && (
            <Text c="red.8" size="sm" role="alert">
              {error}
            </Text>
          )}
          <UploadProgress fraction={progress} processingLabel="Arquivo enviado." />
          <Group>
            <Button onClick={() => void process()} disabled={!file} loading={progress !== null}>
              Processar
            </Button>
          </Group>
          {sent && (
            <Alert color="green">
              {CASHLESS_MSG.extractSent}.{' '}
              <Anchor component={Link} to="/admin/EDI/eletronicExtracts">
                Ver Extratos Digitais
              </Anchor>
            </Alert>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Layout lido
          </Text>
          {EXTRACT_LAYOUT.map((l) => (
            <Code key={l}>{l}</Code>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
