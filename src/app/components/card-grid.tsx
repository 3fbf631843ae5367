import { Card, SimpleGrid, Skeleton, Stack, Text, type MantineRadius, type MantineColor, type SimpleGridProps } from '@mantine/core';
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
