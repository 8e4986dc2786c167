import { Paper, Switch, Text, Title } from '@mantine/core';

/** The switch's wording, kept once for the screen and its tests. */
export const DOUBLE_OPT_IN_LABEL = 'Double opt-in';
export const DOUBLE_OPT_IN_DESCRIPTION = 'New subscribers from the public form confirm by email first.';

/**
 * How readers join from the channel's public subscribe form (issue 32). Off by default: a
 * channel older than the field has none stored, and the platform reads that as off.
 */
export function SignUpCard({ doubleOptIn, onChange }: { doubleOptIn: boolean | undefined; onChange: (on: boolean) => void }) {
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb={4}>
        Sign-ups
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        How readers join from this channel&apos;s public subscribe form.
      </Text>
      <Switch
        label={DOUBLE_OPT_IN_LABEL}
        description={DOUBLE_OPT_IN_DESCRIPTION}
        checked={doubleOptIn === true}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </Paper>
  );
}
