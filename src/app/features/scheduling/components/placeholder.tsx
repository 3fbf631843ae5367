import { Stack, Text } from '@mantine/core';

/** What shows where an agenda or a category has no image: its initial. */
export function ImagePlaceholder({ name, size }: { name: string; size: number }) {
  return (
    <Stack w={size} h={size} justify="center" align="center" bg="gray.1" style={{ borderRadius: 8, flex: 'none' }} aria-hidden>
      <Text fw={700} size="xl" c="gray.7">
        {name.slice(0, 1).toUpperCase()}
      </Text>
    </Stack>
  );
}
