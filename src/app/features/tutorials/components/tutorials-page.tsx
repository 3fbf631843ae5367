import { Alert, Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TUTORIAL_PAGES, TUTORIAL_VIDEO_COUNT, TUTORIALS_MSG, videoTitle, type TutorialPageId } from '../../../../shared/tutorials';
import { tutorialQueries } from '../api/tutorials-api';

/** One entry: a link opening in a new tab when its address is configured, otherwise says it is not. */
function Entry({ title, linkText, url }: { title: string; linkText: string; url: string | null }) {
  return (
    <Card withBorder padding="md" radius="md" component="li">
      <Text fw={600} size="lg">
        {title}
      </Text>
      {url ? (
        <Anchor href={url} target="_blank" rel="noopener noreferrer" mih={44} display="flex" style={{ alignItems: 'center' }}>
          {linkText}
          <VisuallyHidden>{` (${TUTORIALS_MSG.newTab})`}</VisuallyHidden>
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed" mih={44} display="flex" style={{ alignItems: 'center' }}>
          {TUTORIALS_MSG.noAddress}
        </Text>
      )}
    </Card>
  );
}

/** /tutorialPortal and /tutorialPos (spec 001 §2.12): nine videos and recurring problems, each in a new tab. */
export function TutorialsPage({ which }: { which: TutorialPageId }) {
  const links = useQuery(tutorialQueries.links());
  const urls = links.data?.[which];
  // No address at all: say so once, plainly, instead of ten cards that each say it.
  const none = !!urls && urls.every((u) => !u);
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          {TUTORIAL_PAGES[which].title}
        </Title>
        <Text c="dimmed">{TUTORIALS_MSG.intro}</Text>
      </div>
      {links.isError && !urls && (
        <Alert color="red" role="alert">
          {TUTORIALS_MSG.loadError}
        </Alert>
      )}
      {none ? (
        <Alert color="gray" title={TUTORIALS_MSG.noneConfigured} data-testid="tutorials-none">
          {TUTORIALS_MSG.noneConfiguredHelp}
        </Alert>
      ) : (
        <Entries urls={urls} pending={links.isPending} />
      )}
    </Stack>
  );
}

/** The nine videos and the recurring-problems section, when at least one address is configured. */
function Entries({ urls, pending }: { urls: (string | null)[] | undefined; pending: boolean }) {
  const listProps = { p: 0, m: 0, style: { listStyle: 'none' } } as const;
  return (
    <>
      <Title order={2} size="h4">
        {TUTORIALS_MSG.videos}
      </Title>
      {pending ? (
        <Skeleton h={180} />
      ) : (
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} aria-label={TUTORIALS_MSG.videos} {...listProps}>
          {Array.from({ length: TUTORIAL_VIDEO_COUNT }, (_, i) => (
            <Entry key={i} title={videoTitle(i + 1)} linkText={`Assistir ao ${videoTitle(i + 1).toLowerCase()}`} url={urls?.[i] ?? null} />
          ))}
        </SimpleGrid>
      )}
      <Title order={2} size="h4">
        {TUTORIALS_MSG.problems}
      </Title>
      {!pending && (
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} aria-label={TUTORIALS_MSG.problems} {...listProps}>
          <Entry title={TUTORIALS_MSG.problems} linkText={TUTORIALS_MSG.problemsLink} url={urls?.[TUTORIAL_VIDEO_COUNT] ?? null} />
        </SimpleGrid>
      )}
    </>
  );
}
