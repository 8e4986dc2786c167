import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';

/** A link to another screen of the app from a block panel: inside the app's router when there is one (a panel's component test has none). */
export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  const inRouter = useInRouterContext();
  return inRouter ? (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  ) : (
    <Anchor href={to} size="sm">
      {children}
    </Anchor>
  );
}
