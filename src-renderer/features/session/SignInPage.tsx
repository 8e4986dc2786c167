import { Alert, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSignInMutation } from './session-api';

/** Sign-in to a remote platform (the embedded platform needs none). */
export function SignInPage({ platformUrl }: { platformUrl: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [signIn, { isLoading, error }] = useSignInMutation();
  const fields = error && 'fields' in error ? (error.fields ?? {}) : {};

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await signIn({ email, password });
  }

  return (
    <Paper maw={420} mx="auto" mt={80} p="xl" withBorder>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2}>Sign in to Letterdesk</Title>
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
        </Stack>
      </form>
    </Paper>
  );
}
