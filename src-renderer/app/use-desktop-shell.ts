import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { CommandState } from '../../shared/commands';
import { COMPANY_CHANNEL_SLUG } from '../../shared/model/channel';
import { useGetLetterQuery } from '../features/composer/composer-api';
import { getBridge } from './bridge';
import { useCommandHandlers } from './command-bus';
import { SETTINGS_COMMANDS } from './shell-commands';
import { settingsPath } from '../../shared/app-paths';

/**
 * The app shell's side of the desktop integration, used by ShellLayout: Settings… opens the
 * settings screen (menu or CmdOrCtrl+,), a letterdesk:// link shows its route, and in
 * Electron the window tells main what it shows so the native menu greys out what does
 * not apply to the letter (Send Test Email… for a company letter, for example).
 */
export function useDesktopShell(): void {
  const navigate = useNavigate();
  const { brandSlug = '', channelSlug = '', id = '' } = useParams();
  const desktop = getBridge().desktop;

  useCommandHandlers(SETTINGS_COMMANDS, { 'app.settings': () => navigate(settingsPath) });
  useEffect(() => getBridge().on('app.navigate', ({ path }) => navigate(path)), [navigate]);

  // The composer's query for the same letter: served from the cache it already fills.
  const { data: letter } = useGetLetterQuery({ brandSlug, channelSlug, id }, { skip: !desktop || !id || !brandSlug || !channelSlug });
  const channelOpen = Boolean(brandSlug && channelSlug);
  const shown = id ? letter : null;
  const status = shown?.publicationStatus;
  const esp = shown?.esp;
  const company = shown ? shown.channelSlug === COMPANY_CHANNEL_SLUG : false;
  useEffect(() => {
    if (!desktop) return;
    const state: CommandState = {
      channelOpen,
      letter: status === undefined || esp === undefined ? null : { publicationStatus: status, esp, isCompanyLevel: company },
    };
    desktop.reportCommandState(state);
  }, [desktop, channelOpen, status, esp, company]);
}
