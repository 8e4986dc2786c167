import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { EditionMetrics } from '../../../shared/contract/platform-metrics';

// Shared by the report cards' component tests: the providers, and counts shaped as the platform sends them.

export const renderCard = (ui: ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>);

export const METRICS: EditionMetrics = { sent: 200, accepted: 196, bounced: 4, delivered: 195, opensUnique: 90, opensUniqueConfirmed: 61, clicksUnique: 23, unsubscribed: 2 };
