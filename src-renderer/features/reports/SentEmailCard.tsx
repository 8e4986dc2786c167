import { Loader, SegmentedControl, Stack } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import type { SentEmail } from '../../../shared/contract/platform-reports';
import { PreviewFrame, previewScale } from '../../ui/email-preview/PreviewFrame';
import { LetterPreviewCard } from './LetterPreviewCard';

/** The switch's name for screen readers, and each variant's label. */
export const VARIANT_SWITCH_LABEL = 'Email shown';
export const variantLabel = (variant: SentEmail['variant']) => `Subject ${variant}`;

/** The frame's 1 px border on each side (as the composer's preview). */
const FRAME_BORDER = 2;

export interface SentEmailCardProps {
  /** The email the latest send used, per variant; null or empty when the platform kept none. */
  emails: readonly SentEmail[] | null;
  /** The letter's subject, shown when no email was kept. */
  title: string;
  publicUrl: string | null;
  /** The email's width on a desktop client (the letter's settings). */
  width: number;
  /** The letter drawn again, for a letter whose send was not kept (sent before, or offline and never seen). */
  fallback: ReactNode;
  /** The kept email is being asked for the first time: neither is drawn yet. */
  loading?: boolean;
}

function SentEmailFrame({ html, width }: { html: string; width: number }) {
  const { ref, width: availableWidth } = useElementSize();
  return (
    <Stack ref={ref} gap="xs" align="center">
      <PreviewFrame html={html} width={width} scale={previewScale(availableWidth, width + FRAME_BORDER)} />
    </Stack>
  );
}

/**
 * The report's letter preview: the email as the send used it (docs/decisions.md "What each
 * send used"), with a switch between the subjects of an A/B test; the letter drawn again
 * when the platform kept no send of it.
 */
export function SentEmailCard({ emails, title, publicUrl, width, fallback, loading = false }: SentEmailCardProps) {
  const [chosen, setChosen] = useState<SentEmail['variant']>('A');
  if (loading) return <LetterPreviewCard subject={title} publicUrl={publicUrl} preview={<Loader aria-label="Loading the email as sent" />} />;
  if (!emails || emails.length === 0) return <LetterPreviewCard subject={title} publicUrl={publicUrl} preview={fallback} />;
  const shown = emails.find((email) => email.variant === chosen) ?? emails[0]!;
  const preview = (
    <Stack gap="xs">
      {emails.length > 1 && (
        <SegmentedControl
          size="xs"
          aria-label={VARIANT_SWITCH_LABEL}
          value={shown.variant}
          onChange={(next) => setChosen(next as SentEmail['variant'])}
          data={emails.map((email) => ({ value: email.variant, label: variantLabel(email.variant) }))}
        />
      )}
      <SentEmailFrame html={shown.html} width={width} />
    </Stack>
  );
  return <LetterPreviewCard subject={shown.subject} publicUrl={publicUrl} preview={preview} />;
}
