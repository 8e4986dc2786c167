import type { ChannelSettings } from '../../shared/model/channel-settings';
import type { Db } from '../db/database';
import type { ChannelRow } from '../db/schema';

// A channel's settings as the settings screen edits them, read from and written to its row.
// The one name sets both the title (lists, navigation) and channelName (what readers see).

export function toChannelSettings(row: ChannelRow): ChannelSettings {
  return {
    title: row.title,
    logoUrl: row.channelSquareLogo,
    accentColor: row.accentColor,
    fontColor: row.fontColor,
    backgroundColor: row.backgroundColor,
    baseFontSize: row.defaultStyleBaseFontSize,
    timezone: row.timezone,
    // The settings screen has one street line; a second line set elsewhere is shown with it.
    address: {
      street: [row.contactAddressLine1, row.contactAddressLine2].map((line) => line.trim()).filter(Boolean).join(', '),
      city: row.contactCity,
      state: row.contactRegion,
      postal: row.contactPostalCode,
      country: row.contactCountry,
    },
    footerLanguage: row.footerLanguage,
    madeWithCredit: row.madeWithCredit,
    viewInBrowserLink: row.viewInBrowserLink,
    doubleOptIn: row.doubleOptIn,
  };
}

export async function saveChannelSettings(db: Db, channelId: number, settings: ChannelSettings): Promise<ChannelRow> {
  return db
    .updateTable('channels')
    .set({
      title: settings.title,
      channelName: settings.title,
      channelSquareLogo: settings.logoUrl || null,
      accentColor: settings.accentColor,
      fontColor: settings.fontColor,
      backgroundColor: settings.backgroundColor,
      defaultStyleBaseFontSize: settings.baseFontSize,
      timezone: settings.timezone,
      contactAddressLine1: settings.address.street,
      contactAddressLine2: '',
      contactCity: settings.address.city,
      contactRegion: settings.address.state,
      contactPostalCode: settings.address.postal,
      contactCountry: settings.address.country,
      footerLanguage: settings.footerLanguage,
      madeWithCredit: settings.madeWithCredit,
      viewInBrowserLink: settings.viewInBrowserLink,
      ...(settings.doubleOptIn === undefined ? {} : { doubleOptIn: settings.doubleOptIn }),
    })
    .where('id', '=', channelId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
