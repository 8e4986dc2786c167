import { commandById, isCommandEnabled } from '../../../../shared/commands';
import { COMPANY_CHANNEL_SLUG } from '../../../../shared/model/channel';
import type { Letter } from '../../../../shared/model/letter';

/**
 * Send a Test Email is hidden for the special provider's letters and for company letters
 * (spec 1 §2 Overlays). The command's own declaration decides, so the button, the shortcut
 * and the native menu item always agree.
 */
export function canSendTestEmail(letter: Pick<Letter, 'esp' | 'channelSlug' | 'publicationStatus'>): boolean {
  return isCommandEnabled(commandById('letter.sendTestEmail'), {
    channelOpen: true,
    letter: { publicationStatus: letter.publicationStatus, esp: letter.esp, isCompanyLevel: letter.channelSlug === COMPANY_CHANNEL_SLUG },
  });
}
