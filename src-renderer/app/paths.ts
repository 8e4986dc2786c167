// Routes of the app, written once (spec 1 §2).

export const newslettersPath = (brandSlug: string, channelSlug: string) =>
  `/organizations/${encodeURIComponent(brandSlug)}/channels/${encodeURIComponent(channelSlug)}/newsletters`;

export const letterPath = (brandSlug: string, channelSlug: string, id: number | string) =>
  `${newslettersPath(brandSlug, channelSlug)}/${encodeURIComponent(String(id))}`;
