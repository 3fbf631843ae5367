import { Anchor, Card, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { TUTORIALS, tutorialUrl, type Tutorial } from '../../../../shared/tutorials';

function TutorialCard({ t, kind }: { t: Tutorial; kind: string }) {
  return (
    <Card withBorder padding="md" radius="md" component="li">
      <Anchor href={tutorialUrl(t)} target="_blank" rel="noopener noreferrer" fw={600} size="lg" mih={44} display="block">
        {t.title}
        <VisuallyHidden>{` (${kind}, abre em uma nova aba)`}</VisuallyHidden>
      </Anchor>
      <Text size="sm" c="dimmed">
        {t.description}
      </Text>
    </Card>
  );
}

/** /tutorialPortal and /tutorialPos (spec 001 §2.12): nine videos and recurring problems, each in a new tab. */
export function TutorialsPage({ which }: { which: 'portal' | 'pos' }) {
  const page = TUTORIALS[which];
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          {page.title}
        </Title>
        <Text c="dimmed">{page.intro}</Text>
      </div>
      <Title order={2} size="h4">
        Vídeos
      </Title>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Vídeos">
        {page.videos.map((t) => (
          <TutorialCard key={t.path} t={t} kind="vídeo" />
        ))}
      </SimpleGrid>
      <Title order={2} size="h4">
        Problemas recorrentes
      </Title>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Problemas recorrentes">
        {page.problems.map((t) => (
          <TutorialCard key={t.path} t={t} kind="problema recorrente" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
