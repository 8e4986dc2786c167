import { Stack, Text, Title } from '@mantine/core';

/** The spec's 404 page for a letter that does not exist (spec 1 §8). */
export function LetterNotFound() {
  return (
    <Stack align="center" mt="xl" gap="xs">
      <Title order={1}>404</Title>
      <Text size="lg">Eep. It doesn’t look like this letter exists.</Text>
    </Stack>
  );
}
