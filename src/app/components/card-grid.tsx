import { AspectRatio, Card, Group, Image, SimpleGrid, Skeleton, Stack, Text, Title, type MantineRadius, type MantineColor, type SimpleGridProps, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';

const THREE_ACROSS: SimpleGridProps['cols'] = { base: 1, sm: 2, lg: 3 };

/**
 * A list drawn as a grid of cards (children), three across on a laptop and one on a phone unless
 * `cols` says otherwise: `count` skeleton cards of `skeletonHeight` while it loads, `empty` (an
 * EmptyState) when it has no cards.
 */
export function CardGrid({ loading, skeletonHeight, count = 3, cols = THREE_ACROSS, isEmpty, empty, children }: {
  loading: boolean;
  skeletonHeight: number;
  count?: number;
  cols?: SimpleGridProps['cols'];
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <SimpleGrid cols={cols}>
        {Array.from({ length: count }, (_, i) => (
          <Skeleton key={i} h={skeletonHeight} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (isEmpty) return empty;
  return <SimpleGrid cols={cols}>{children}</SimpleGrid>;
}

/**
 * An empty list's card (UX.md: the spec's words, with the action that fills the list): the text and
 * the action (children), at the start of the card or, `centered`, in the middle of a roomier one.
 */
export function EmptyState({ text, textColor, centered = false, radius = 'md', children }: {
  text: ReactNode;
  textColor?: MantineColor;
  centered?: boolean;
  radius?: MantineRadius;
  children?: ReactNode;
}) {
  return (
    <Card withBorder p={centered ? 'xl' : undefined} radius={radius}>
      <Stack align={centered ? 'center' : 'flex-start'}>
        <Text c={textColor}>{text}</Text>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * A grid's card with a banner on top (events, stores): the image or, without one, the name's first
 * letter on `letter`'s background; under it the name with its status `badge`, then the card's own
 * content (children). The card is an article named `label`.
 */
export function BannerCard({ label, testId, ratio, name, image, imageAlt, letter, badge, children }: {
  label: string;
  testId: string;
  ratio: number;
  name: string;
  image: string | null | undefined;
  imageAlt: string;
  letter: { c: MantineColor } & Pick<StackProps, 'bg' | 'style'>;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={label} data-testid={testId}>
      <Card.Section>
        <AspectRatio ratio={ratio}>
          {image ? (
            <Image src={image} alt={imageAlt} fit="cover" />
          ) : (
            <Stack justify="center" align="center" bg={letter.bg} style={letter.style}>
              <Text size="xl" fw={700} c={letter.c}>
                {name.slice(0, 1).toUpperCase()}
              </Text>
            </Stack>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" lineClamp={1}>
            {name}
          </Title>
          {badge}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
