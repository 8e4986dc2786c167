import { z } from 'zod';
import { SOCIAL_GAP_DEFAULT } from '../constants';
import {
  AlignmentSchema,
  IconColorSetSchema,
  NETWORK_LABELS,
  SHARE_NETWORKS,
  ShareNetworkSchema,
  SocialDisplay,
  SocialDisplaySchema,
  SocialNetworkSchema,
  type ShareNetwork,
  type SocialNetwork,
} from '../enums';

// Social profiles (links to the channel's own accounts) and share buttons.

const optionFields = {
  id: z.union([z.number(), z.string()]),
  url: z.string(),
  image: z.string(),
  /** What the text-only display shows. */
  text: z.string(),
};

/** A network's entry as a new one starts: no link or image of its own, its name as its text. */
export function networkOption<N extends SocialNetwork | ShareNetwork>(name: N) {
  return { id: name, name, url: '', image: '', text: NETWORK_LABELS[name] };
}

export const SocialProfileOptionSchema = z.object({ ...optionFields, name: SocialNetworkSchema });
export type SocialProfileOption = z.infer<typeof SocialProfileOptionSchema>;

export const ShareOptionSchema = z.object({ ...optionFields, name: ShareNetworkSchema });
export type ShareOption = z.infer<typeof ShareOptionSchema>;

export const ProfileModelSchema = z.strictObject({
  models: z.array(SocialProfileOptionSchema),
  align: AlignmentSchema,
  color: IconColorSetSchema,
  display: SocialDisplaySchema,
  gap: z.number().nonnegative(),
  providerName: z.string(),
});
export type ProfileModel = z.infer<typeof ProfileModelSchema>;

export const ShareModelSchema = z.strictObject({
  models: z.array(ShareOptionSchema),
  align: AlignmentSchema,
  color: IconColorSetSchema,
  /** Whether the editor chose the networks (models) rather than taking the full list. */
  custom: z.boolean(),
  display: SocialDisplaySchema,
});
export type ShareModel = z.infer<typeof ShareModelSchema>;

export function defaultProfileModel(): ProfileModel {
  return {
    models: [],
    align: 'center',
    color: 'origin',
    display: SocialDisplay.iconsOnly,
    gap: SOCIAL_GAP_DEFAULT,
    providerName: '',
  };
}

/** A new share block offers every share network, so it is not an empty placeholder. */
export function defaultShareModel(): ShareModel {
  return {
    models: SHARE_NETWORKS.map(networkOption),
    align: 'center',
    color: 'origin',
    custom: false,
    display: SocialDisplay.iconsOnly,
  };
}
