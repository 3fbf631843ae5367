import { Progress, Stack, Text } from '@mantine/core';

/** Upload progress, then an indeterminate bar while the server works on the file. */
export function UploadProgress({ fraction, processingLabel }: { fraction: number | null; processingLabel: string }) {
  if (fraction === null) return null;
  const sent = Math.round(fraction * 100);
  const done = sent >= 100;
  return (
    <Stack gap={4}>
      <Text size="sm" aria-live="polite">
        {done ? processingLabel : `Enviando… ${sent}%`}
      </Text>
      <Progress value={done ? 100 : sent} animated={done} striped={done} aria-label="Progresso do envio" size="lg" />
    </Stack>
  );
}
