import { Alert, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { getBridge } from '../../app/bridge';
import { useSignInMutation } from '../../app/session-api';

/**
 * Sign-in to a remote platform (the embedded platform needs none). In the desktop app,
 * `settings` (the Settings screen) is offered for choosing another platform.
 */
export function SignInPage({ platformUrl, settings }: { platformUrl: string; settings?: ReactNode }) {
  const [showSettings, setShowSettings] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [signIn, { isLoading, error }] = useSignInMutation();
  const fields = error && 'fields' in error ? (error.fields ?? {}) : {};

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await signIn({ email, password });
  }

  const canChangePlatform = Boolean(settings && getBridge().desktop);
  if (showSettings && canChangePlatform) {
    return (
      <Stack maw={640} mx="auto" mt={40}>
        {settings}
        <Button variant="subtle" onClick={() => setShowSettings(false)}>
          Back to sign-in
        </Button>
      </Stack>
    );
  }

  return (
    <Paper maw={420} mx="auto" mt={80} p="xl" withBorder>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={1} size="h2">
            Sign in to Letterdesk
          </Title>
          <div>Platform: {platformUrl}</div>
          {error && 'message' in error && <Alert color="red">{String(error.message)}</Alert>}
          <TextInput label="Email" type="email" autoComplete="username" value={email} error={fields.email?.[0]} onChange={(e) => setEmail(e.currentTarget.value)} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            error={fields.password?.[0]}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={isLoading}>
            Sign in
          </Button>
          {canChangePlatform && (
            <Button variant="subtle" onClick={() => setShowSettings(true)}>
              Change platform…
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
